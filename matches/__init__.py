"""Matches: a game between two teams from its fixture to its result, a package per stage.

`kick_off/` is what happens before kick-off, `report/` the report a coach enters, `post_game/`
the post-game sequence applied to both teams, and `amend/` reverting, applying again and
correcting what was applied. Beside them: the models and the workflow every stage meets (a
report's way from draft to result), the dice, making matches, reading them, and the wiring
that puts them on pages and in the API (what a user may do now, what each action does)."""
