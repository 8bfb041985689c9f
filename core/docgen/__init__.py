"""The documentation generator: reference pages read from the live registry.

The DSL reference per game comes from the vocabulary registry, the hook reference from
``hexforge.plugins.hookspecs``, the CLI reference from the Click commands and the JSON
Schema reference from the models, so a new word, hook or command appears in the site
without anyone editing a page. ``python -m hexforge.core.docgen`` writes them; the MkDocs
build runs the same generator before it renders (mkdocs.yml ``hooks``).
"""
