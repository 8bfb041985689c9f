"""Diagnostic codes of the motu rules: cards, tests, attacks, tokens, skills (HF750-HF799)."""

from __future__ import annotations

from hexforge.core.codes import define

NOT_ACTING = define("HF750", "the character is not active or interrupting now")
UNKNOWN_WEAPON = define("HF751", "the character has no such weapon")
ILLEGAL_TARGET = define("HF752", "the target cannot be attacked or targeted")
NOT_ENOUGH_MANA = define("HF753", "not enough mana")
SKILL_USED = define("HF754", "the active skill was already used in this activation or interruption")
UNKNOWN_SKILL = define("HF755", "the character has no such skill or item")
BAD_MARK_HEX = define("HF756", "a mark cannot be placed on this hex")
UNKNOWN_CARD = define("HF757", "no motu card has this id, or it is of another kind")
ITEM_USED = define("HF758", "the disposable item was already used")
KNOCKED_OUT = define("HF759", "the character is knocked out")
NOT_IN_HAND = define("HF760", "the card is not in the player's hand")
BAD_SETUP = define("HF761", "the game setup file is not valid")
FORCE_TOO_BIG = define("HF762", "the force costs more than the setup allows")
BAD_DECK = define("HF763", "the fate deck or glory cards do not fit the setup rules")
GAME_OVER = define("HF764", "the game is already over")
ILLEGAL_MOVE = define("HF765", "the character cannot move there now")
NOT_FOCUSED = define("HF766", "the character is not focused")
NOT_ALLOWED = define("HF767", "this action is not allowed in this activation or interruption")
UNKNOWN_ACTION = define("HF768", "no motu action has this name, or its words do not fit it")
UNKNOWN_QUERY = define("HF769", "no motu observable or query has this name")
UNKNOWN_BONUS = define("HF770", "a played card has no bonus of this name")
DUPLICATE_ACTION = define("HF771", "two motu actions have one word")
NOT_RULEBOOK = define("HF772", "a setup claims rulebook provenance but uses other data")
IMPOSSIBLE_HAND = define("HF773", "a scenario's hand or deck no game could come to")
BASE_DOES_NOT_FIT = define("HF775", "a massive model's base does not fit where it is placed")
BAD_REPLACEMENT = define("HF776", "a card replacement a setup cannot take")
BAD_FORCES = define("HF777", "a forces option that is not random or random:POINTS")
