"""Russian of the mahjong marathon's web pages and table views (regulation MJ).

Merged by tools/ru_catalog.py. The table vocabulary follows the organisers' published tables
(the seed: №, ∆, Игрок, Результат, ТО, ИО, Игр, НР) and podium.formats.mahjong_marathon.export.
"""

RU = {
    # table views (podium.formats.mahjong_marathon.views, podium.formats.mahjong_marathon)
    "±": "∆",
    "TP": "ТО",
    "GP": "ИО",
    "GP ±": "∆ ИО",
    "Games": "Игр",
    "Games ±": "∆ Игр",
    "NR": "НР",
    "NR {n}": "НР {n}",
    "SN": "СН",
    "Series TP": "ТО серии",
    "Series GP": "ИО серии",
    "Stage {n}": "Этап {n}",
    "Publication {n}": "Публикация {n}",
    "Stages": "Этапов",
    "Marathon total": "Итоги марафона",
    "Result sum": "Сумма результатов",
    "< {n} games: NR 0": "< {n} игр: НР 0",
    "NR in brackets: the worst stage, dropped (rule MJ-9)":
        "НР в скобках: худший этап, исключён из суммы (правило MJ-9)",
    # the shared standings page's paging of one large table (added for the marathon's stages)
    "Rows %(first)s to %(last)s of %(total)s": "Строки с %(first)s по %(last)s из %(total)s",
    "previous": "назад",
    "next": "дальше",
    # public pages
    "Publications": "Публикации",
    "Publication %(n)s": "Публикация %(n)s",
    "Nothing is published yet.": "Пока ничего не опубликовано.",
    "Changes since publication %(n)s: ▲ places up, ▼ places down, GP and games added.":
        "Изменения с публикации %(n)s: ▲ подъём, ▼ спуск в таблице, прибавка ИО и игр.",
    "The first publication: no changes to show.": "Первая публикация: изменений нет.",
    "Download": "Скачать",
    # organiser actions
    "Add a game": "Добавить игру",
    "Add the game": "Добавить игру",
    "Game id": "Номер игры",
    "Game id (the server's)": "Номер игры (на сервере)",
    "Game id (6a)": "Номер игры (6a)",
    "Start time": "Время начала",
    "Time zone": "Часовой пояс",
    "Time zone (server: the game server's, rule MJ-2)":
        "Часовой пояс (server — пояс игрового сервера, правило MJ-2)",
    "Time zone of times without an offset (server: the game server's)":
        "Часовой пояс для времени без смещения (server — пояс игрового сервера)",
    "Player %(n)s": "Игрок %(n)s",
    "GP of player %(n)s": "ИО игрока %(n)s",
    "Import games (CSV or JSON)": "Загрузить игры (CSV или JSON)",
    "A CSV or JSON file of games (UTF-8 or Windows-1251); importing it again adds only new games":
        "Файл игр CSV или JSON (UTF-8 или Windows-1251); повторная загрузка добавляет только "
        "новые игры",
    "Games read: %(read)s; added: %(added)s; already known: %(known)s; "
    "changed and NOT applied: %(changed)s; other tables: %(other)s; "
    "outside the stages: %(outside)s; new players: %(players)s.":
        "Прочитано игр: %(read)s; добавлено: %(added)s; уже были: %(known)s; "
        "изменены и НЕ применены: %(changed)s; другие столы: %(other)s; "
        "вне этапов: %(outside)s; новых игроков: %(players)s.",
    "Changed games: %(ids)s.": "Изменённые игры: %(ids)s.",
    "Game %(id)s added.": "Игра %(id)s добавлена.",
    "Game %(id)s was already stored with the same data: nothing changed.":
        "Игра %(id)s уже записана с теми же данными: ничего не изменилось.",
    "Penalty (rule MJ-6)": "Штраф (правило MJ-6)",
    "Penalty": "Штраф",
    "MJ-6a: GP in one game": "MJ-6a: ИО в одной игре",
    "MJ-6b: GP from the total (stage)": "MJ-6b: ИО из общей суммы (этап)",
    "MJ-6c: TP from a stage": "MJ-6c: ТО этапа",
    "Stage (6b, 6c)": "Этап (6b, 6c)",
    "Another amount (custom penalties are on)": "Другой размер (свои штрафы разрешены)",
    "Save the penalty": "Записать штраф",
    "Penalty saved (decision %(seq)s).": "Штраф записан (решение %(seq)s).",
    "Disqualify a game (rule MJ-5)": "Дисквалифицировать игру (правило MJ-5)",
    "Ground": "Основание",
    "two or more players left the table": "два или более игрока покинули стол",
    "more than 8 hands played without one of the players":
        "сыграно более 8 раздач без одного из игроков",
    "400 or more auto-moves by one player": "400 и более автоходов одного игрока",
    "a player was disqualified": "игрок дисквалифицирован",
    "a server failure that affected all four players":
        "сбой сервера, затронувший всех четырёх игроков",
    "another organiser decision": "другое решение организаторов",
    "Disqualify the game": "Дисквалифицировать игру",
    "Game %(id)s disqualified (decision %(seq)s).":
        "Игра %(id)s дисквалифицирована (решение %(seq)s).",
    "Disqualify a player for a period": "Дисквалифицировать игрока на срок",
    "From": "С",
    "Until (empty: open)": "По (пусто — бессрочно)",
    "Disqualify the player": "Дисквалифицировать игрока",
    "%(name)s disqualified (decision %(seq)s).": "%(name)s дисквалифицирован(а) (решение %(seq)s).",
    "Decisions": "Решения",
    "Decision": "Решение",
    "MJ-5: game disqualified": "MJ-5: игра дисквалифицирована",
    "player disqualified": "игрок дисквалифицирован",
    "in force": "действует",
    "reverted by action %(n)s": "отменено действием %(n)s",
    "Revert decision %(n)s": "Отменить решение %(n)s",
    "Revert the chosen decision": "Отменить выбранное решение",
    "No decision yet.": "Решений пока нет.",
    "Decision %(n)s reverted (action %(seq)s).": "Решение %(n)s отменено (действие %(seq)s).",
    "Publish the tables (rule MJ-11)": "Опубликовать таблицы (правило MJ-11)",
    "Freezes every stage table and the total; the next publication shows the movement since "
    "this one.":
        "Фиксирует таблицы всех этапов и итоги; следующая публикация покажет изменения "
        "относительно этой.",
    "Note (optional)": "Примечание (необязательно)",
    "Publish": "Опубликовать",
    "Publication %(n)s is out.": "Публикация %(n)s вышла.",
    # refusals of the marathon's forms (field: message)
    "reason: an organiser decision needs a reason":
        "reason: решение организаторов требует причины",
    "game_id: the server's game id is missing": "game_id: не указан номер игры на сервере",
    "table: the table name is missing (e.g. RU-Marathon-1)":
        "table: не указан стол (например, RU-Marathon-1)",
    "table: %(table)s does not count; only tables matching %(pattern)s do (rule MJ-3)":
        "table: стол %(table)s не засчитывается; засчитываются только столы вида %(pattern)s "
        "(правило MJ-3)",
    "start: %(start)s is outside every stage of the calendar (rules MJ-1, MJ-2)":
        "start: %(start)s не попадает ни в один этап календаря (правила MJ-1, MJ-2)",
    "player%(k)s: the name of player %(k)s is missing (rule MJ-3)":
        "player%(k)s: не указано имя игрока %(k)s (правило MJ-3)",
    "%(names)s are one player in this event (names are compared without case): they cannot sit "
    "at one table":
        "%(names)s в этом турнире — один игрок (имена сравниваются без учёта регистра): они не "
        "могут сидеть за одним столом",
    "%(name)s sits twice at the table (rule MJ-3)":
        "%(name)s дважды за одним столом (правило MJ-3)",
    "%(table)s does not count; only tables matching %(pattern)s do (rule MJ-3)":
        "%(table)s не в зачёт: в зачёт идут только столы по шаблону %(pattern)s (правило MJ-3)",
    "%(start)s is outside every stage of the calendar (rules MJ-1, MJ-2)":
        "%(start)s вне всех этапов календаря (правила MJ-1, MJ-2)",
    "game %(game)s is already stored with different data":
        "игра %(game)s уже сохранена с другими данными",
    "player%(k)s: %(name)s sits twice at the table (rule MJ-3)":
        "player%(k)s: %(name)s дважды за одним столом (правило MJ-3)",
    "file: choose a CSV or JSON file of games": "file: выберите файл игр CSV или JSON",
    "penalty: choose the kind and the amount (rule MJ-6)":
        "penalty: выберите вид и размер штрафа (правило MJ-6)",
    "custom_amount: a positive whole number": "custom_amount: целое положительное число",
    "player: the penalised player's name is missing": "player: не указан штрафуемый игрок",
    "game: a 6a penalty needs the game id (rule MJ-6a)":
        "game: для штрафа 6a нужен номер игры (правило MJ-6a)",
    "stage: a %(kind)s penalty needs the stage number (rule MJ-%(kind)s)":
        "stage: для штрафа %(kind)s нужен номер этапа (правило MJ-%(kind)s)",
    "game: the game id is missing": "game: не указан номер игры",
    "ground: use one of %(grounds)s (rule MJ-5)":
        "ground: укажите одно из оснований: %(grounds)s (правило MJ-5)",
    "player: the player's name is missing": "player: не указан игрок",
    "from: the start of the disqualification is missing":
        "from: не указано начало дисквалификации",
    "seq: choose the decision to revert": "seq: выберите решение для отмены",
    "%(name)s: a whole number from 0 to 999999999": "%(name)s: целое число от 0 до 999999999",
    "no publication %(n)s; published: %(count)s": "нет публикации %(n)s; опубликовано: %(count)s",
}
