"""Russian of issue 13's usability messages (duplicates, find my table, self-report by tapping,
field errors, settings forms). Plural entries: (singular, plural) -> the three Russian forms."""

RU = {
    ("This name is already taken: %(names)s.", "These names are already taken: %(names)s."): (
        "Это имя уже занято: %(names)s.", "Эти имена уже заняты: %(names)s.",
        "Эти имена уже заняты: %(names)s."),
    ("Add the other %(num)s player", "Add the other %(num)s players"): (
        "Добавить ещё %(num)s игрока", "Добавить ещё %(num)s игроков",
        "Добавить ещё %(num)s игроков"),
    "“%(q)s” does not play in the final.": "«%(q)s» не играет в финале.",
}
