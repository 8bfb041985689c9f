"""The hexforge language server (``hexforge lsp``): validate's diagnostics as you type,
completion, hover with rules text, go-to-definition and quick fixes for card files.

It sits just below the command line (the layers in docs/architecture.md): it reads
packs, the DSL and the plugins' catalogue, and no plugin imports it.
"""
