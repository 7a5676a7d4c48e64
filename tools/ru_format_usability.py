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
    # self-report by tapping, confirm and dispute, the code remembered, code slips
    "Done: check and send.": "Готово: проверьте и отправьте.",
    "It was a draw": "Была ничья",
    "Not you? Use another code": "Это не вы? Ввести другой код",
    "Scan the code, or open %(url)s and type your code, to report your table's result.":
        "Отсканируйте QR-код или откройте %(url)s и введите свой код, чтобы сообщить результат "
        "своего стола.",
    "Send the result": "Отправить результат",
    "Something is wrong?": "Что-то не так?",
    "Start again": "Начать заново",
    "Survivors chosen": "Выжившие выбраны",
    "Tap the players who shared the draw, then “Survivors chosen”.":
        "Нажмите на игроков, разделивших ничью, затем «Выжившие выбраны».",
    "Tap the winner.": "Нажмите на победителя.",
    "Tap who went out first, then the next.": "Нажмите, кто выбыл первым, затем следующего.",
    "What is wrong? (the organiser reads it)": "Что не так? (это прочтёт организатор)",
    "You disputed this report: the organiser decides, and nothing counts until then.":
        "Вы оспорили этот отчёт: решает организатор, до тех пор ничего не засчитано.",
    "draw": "ничья",
    "out %(n)s": "вылет %(n)s",
    "won": "победа",
    "note: a dispute needs a reason: say what is wrong":
        "комментарий: для спора нужна причина — напишите, что не так",
    # public standings
    "Details: every tiebreak column": "Подробнее: все дополнительные показатели",
    "Nothing here yet: this table fills in once players are registered.":
        "Пока пусто: таблица заполнится, когда игроки будут зарегистрированы.",
    "Round %(n)s in progress: %(done)s of %(total)s tables in":
        "Тур %(n)s идёт: результатов %(done)s из %(total)s столов",
    # settings forms
    "1 to 64 characters: lowercase latin letters a–z, digits 0–9, “-” and “_”":
        "от 1 до 64 символов: строчные латинские буквы a–z, цифры 0–9, «-» и «_»",
    "Please check the fields marked below.": "Проверьте поля, отмеченные ниже.",
    "reason: say why the settings change (it is kept in the log)":
        "причина: напишите, почему меняются настройки (это сохранится в журнале)",
    "byes": "пропуски тура",
    "short-pods": "меньшие столы",
    "long-pods": "большие столы",
    "swap": "обмен",
    "avoid": "избегать",
    "random": "случайно",
    "standings": "по таблице",
    "reverse": "обратный порядок",
    # earlier rounds on the public pages
    "Earlier rounds": "Прошлые туры",
    "Game loss: %(name)s": "Техническое поражение: %(name)s",
    "corrected": "исправлено",
    # the marathon's zone fields (rule MJ-2)
    "Time zone of times without an offset (the game server's by default, rule MJ-2)":
        "Часовой пояс для времени без смещения (по умолчанию — пояс игрового сервера, "
        "правило MJ-2)",
    "Time zone (the game server's by default, rule MJ-2)":
        "Часовой пояс (по умолчанию — пояс игрового сервера, правило MJ-2)",
    # result refusals that name the table's players
    "round %(round)s, table %(table)s: %(name)s is not at this table (%(players)s)":
        "тур %(round)s, стол %(table)s: %(name)s не сидит за этим столом (%(players)s)",
    "round %(round)s, table %(table)s: the winner must be one of the two players: %(players)s":
        "тур %(round)s, стол %(table)s: победителем может быть только один из двух игроков: "
        "%(players)s",
    # counts with plural forms
    ("round %(list)s", "rounds %(list)s"): ("тур %(list)s", "туры %(list)s", "туры %(list)s"),
    ("waiting for table %(t)s", "waiting for tables %(t)s"): (
        "ждём стол %(t)s", "ждём столы %(t)s", "ждём столы %(t)s"),
    # the event's time zone
    "time zone of the times on the event's pages (e.g. Europe/Moscow)":
        "часовой пояс времени на страницах турнира (например, Europe/Moscow)",
    "Times in %(zone)s": "Время — %(zone)s",
}
