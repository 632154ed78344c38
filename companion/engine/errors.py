"""The engine's errors: each names the rule a refused action breaks."""


class RuleError(ValueError):
    """An action that breaks a rule of the game, or a malformed action.

    The message says which rule, in plain words, for a person at the table.
    """


class RecordError(RuleError):
    """A record line that is not a valid action at all (bad JSON, unknown key, wrong type)."""
