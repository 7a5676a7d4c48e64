"""Russian of the 7 Wonders season's pages, tables, notes and refusals (regulation W7).

Merged by tools/ru_catalog.py. The vocabulary is the regulation's own (the seed): Лига Богов,
Лига Жрецов, Лига Воинов, Битва Титанов, Матч Фортуны, Матч Воли, баллы, просрочка времени,
кикнуть, делёж, жребий (кубик), недоигранная игра, «уйти в минус по времени».
"""

RU = {
    # leagues, matches, tables (podium.formats.seven_wonders.views)
    "League of Gods": "Лига Богов",
    "League of Priests": "Лига Жрецов",
    "League of Warriors A": "Лига Воинов 1",
    "League of Warriors B": "Лига Воинов 2",
    "League {n}": "Лига {n}",
    "League": "Лига",
    "Leagues": "Лиги",
    "Fortune match": "Матч Фортуны",
    "Will match": "Матч Воли",
    "Battle of Titans": "Битва Титанов",
    "Special matches": "Дополнительные матчи",
    "Special matches and the Battle of Titans": "Дополнительные матчи и Битва Титанов",
    "League ladders": "Игры лиг",
    "Season table": "Таблица сезона",
    "Place": "Место",
    "Places": "Места",
    "Place points": "За место",
    "Titans": "Титаны",
    "Penalties": "Штраф",
    "Total": "Итого",
    "Unfinished": "Недоигр.",
    "Pos.": "Место",
    "Order": "Порядок",
    "Game": "Игра",
    "By": "Кто",
    "shared": "делёж",
    "Points: wins (rule W7-16), unfinished games (W7-21), place in the league (W7-17), Battle "
    "of Titans (W7-18); −5 a time overrun (W7-19); the total is floored at 0.":
        "Баллы: победы в играх (правило W7-16), недоигранные игры (W7-21), место в лиге "
        "(W7-17), Битва Титанов (W7-18); −5 за просрочку времени (W7-19); итог не ниже 0.",
    # the league's dashboard (rules W7-2, W7-36)
    "Next game": "Следующая игра",
    "Ladder": "Игры сезона",
    "Game %(n)s": "Игра %(n)s",
    "game %(n)s": "игра %(n)s",
    "No game played yet.": "Игр ещё не было.",
    "The ladder is played.": "Все игры лиги сыграны.",
    "The league needs 7 players to start (rule W7-2).":
        "Чтобы начать, в лиге должно быть 7 игроков (правило W7-2).",
    "The leagues are not set yet.": "Лиги ещё не составлены.",
    "This season has no such league.": "В этом сезоне нет такой лиги.",
    "Game %(n)s waits for the organiser's die roll (rule W7-26).":
        "Игра %(n)s ждёт жребия организатора (правило W7-26).",
    "the final: its order gives places 1 to 3":
        "финальная игра: её итог даёт места с 1 по 3",
    "%(count)s players, the last one is out": "%(count)s игроков, последний выбывает",
    "Creates the table: %(name)s (premium account), with these settings:":
        "Стол создаёт %(name)s (премиум-аккаунт) с такими настройками:",
    "No player has a premium account: the organiser creates a turn-based game of %(days)s "
    "days, active time %(hours)s (rule W7-36).":
        "Ни у кого нет премиум-аккаунта: организатор создаёт пошаговый турнир на %(days)s "
        "дн., активное игровое время %(hours)s (правило W7-36).",
    "Deadline: %(when)s": "Срок: %(when)s",
    "7 Wonders, base game; the table settings of the regulation's screenshot (game speed and "
    "active time may be changed slightly by agreement with the other players and the "
    "organiser)":
        "«7 Чудес», базовая игра; настройки стола со скриншота регламента (скорость игры и "
        "активное игровое время можно немного изменить по договорённости с другими игроками "
        "и организатором)",
    "The winner reports the result and the table link (player code, “Report a result”); the "
    "other players confirm.":
        "Победитель сообщает результат и ссылку на стол (код игрока, «Сообщить результат»); "
        "остальные игроки подтверждают.",
    "Dropped out, placed when the next game is entered: %(names)s":
        "Выбыли из сезона, место получат при вводе следующей игры: %(names)s",
    "Table on the site": "Стол на сайте",
    "reported by %(name)s": "сообщил(а) %(name)s",
    "Unfinished game": "Недоигранная игра",
    "Due: %(names)s": "Играют: %(names)s",
    # marks and statuses
    "over time": "просрочка",
    "kick": "кик",
    "deepest in negative time": "глубже всех в минусе по времени",
    "out": "выбыл(а)",
    "disputed": "оспорен",
    "superseded": "заменён",
    # the game's notes (podium.formats.seven_wonders.season)
    "%(name)s is out and takes place %(place)s in the league (rule W7-2)":
        "%(name)s выбывает и занимает %(place)s-е место в лиге (правило W7-2)",
    "league places: %(detail)s": "места в лиге: %(detail)s",
    "%(names)s dropped out of the season before this game and take places %(places)s":
        "%(names)s выбыли из сезона до этой игры и занимают места %(places)s",
    "tie for last place (position %(position)s) between %(names)s (rule W7-26)":
        "делёж последнего места (место %(position)s) между %(names)s (правило W7-26)",
    "tie in the final between %(names)s (rule W7-26)":
        "делёж в финальной игре между %(names)s (правило W7-26)",
    "tie between %(names)s (rule W7-27)": "делёж между %(names)s (правило W7-27)",
    "rule W7-26 (1), game %(game)s: %(detail)s": "правило W7-26 (1), игра %(game)s: %(detail)s",
    "rule W7-26 (2), league last season (0 = the top one): %(detail)s":
        "правило W7-26 (2), лига в прошлом сезоне (0 — высшая): %(detail)s",
    "rule W7-26 (3), place last season: %(detail)s":
        "правило W7-26 (3), место в прошлом сезоне: %(detail)s",
    "rule W7-26 (4), die roll: %(detail)s": "правило W7-26 (4), жребий (кубик): %(detail)s",
    "rule W7-27, league this season (0 = the top one): %(detail)s":
        "правило W7-27, лига в этом сезоне (0 — высшая): %(detail)s",
    "still tied: a die roll decides (rule W7-26 (4))":
        "делёж сохраняется: решает жребий (правило W7-26 (4))",
    "still tied: a die roll decides (rule W7-26 (4)); the next game waits for it":
        "делёж сохраняется: решает жребий (правило W7-26 (4)); следующая игра его ждёт",
    "%(name)s kicked a player: out of the season at once with 0 points and barred from the "
    "next season (rules W7-20, W7-21)":
        "%(name)s кикнул(а) игрока: сразу выбывает из сезона с 0 баллов и лишается права "
        "играть в следующем сезоне (правила W7-20, W7-21)",
    "%(name)s kicked a player: last in the final, out of the season with 0 points and barred "
    "from the next season (rules W7-20, W7-22)":
        "%(name)s кикнул(а) игрока: последнее место в финальной игре, выбывает из сезона с 0 "
        "баллов и лишается права играть в следующем сезоне (правила W7-20, W7-22)",
    "unfinished game (overall time limit): %(name)s, the deepest in negative time, is out "
    "(rule W7-21)":
        "игра не доиграна (общий лимит времени): выбывает %(name)s — глубже всех в минусе по "
        "времени (правило W7-21)",
    "unfinished final (overall time limit): %(name)s, the deepest in negative time, takes the "
    "last place; the others go by the previous game of the season (rule W7-22)":
        "финальная игра не доиграна (общий лимит времени): %(name)s, глубже всех в минусе по "
        "времени, занимает последнее место; остальные — по предыдущей игре сезона "
        "(правило W7-22)",
    "unfinished final: %(name)s went deeper in negative time and takes the place above the "
    "kicker (rule W7-22)":
        "финальная игра не доиграна: %(name)s ушёл (ушла) глубже в минус по времени и "
        "занимает место выше кикнувшего (правило W7-22)",
    "order: %(names)s": "порядок: %(names)s",
    "tie in the Battle of Titans: %(names)s share places %(first)s-%(last)s, %(points)s points "
    "each, no replay (rule W7-28)":
        "делёж в Битве Титанов: %(names)s делят места %(first)s–%(last)s, по %(points)s "
        "баллов, без переигровки (правило W7-28)",
    # the season table's notes
    "withdrew from the season": "выбыл(а) из сезона",
    "overrun %(n)s of the year: barred from the next season (rule W7-19)":
        "%(n)s-я просрочка за турнир: без права участия в следующем сезоне (правило W7-19)",
    "total floored at 0 (rule W7-19)": "итог приравнен к 0 (правило W7-19)",
    "overrun in %(game)s lifted (rule W7-24)":
        "просрочка в игре %(game)s снята (правило W7-24)",
    "overrun in %(game)s: −%(points)s (rule W7-19)":
        "просрочка в игре %(game)s: −%(points)s (правило W7-19)",
    "kick in %(game)s: penalty lifted (rule W7-24)":
        "кик в игре %(game)s: санкции сняты (правило W7-24)",
    "kicked a player in %(game)s: out with 0 points, barred from the next season (rule W7-20)":
        "кикнул(а) игрока в игре %(game)s: выбывает с 0 баллов, без права участия в "
        "следующем сезоне (правило W7-20)",
    # organiser actions
    "Players and leagues": "Игроки и лиги",
    "Add players, one name a line": "Добавить игроков, по одному имени в строке",
    "Leagues, best first: one league a line, its 7 players comma-separated (empty: the players "
    "in sign-up order, 7 a league)":
        "Лиги, начиная с высшей: по лиге в строке, 7 игроков через запятую (пусто: игроки в "
        "порядке записи, по 7 в лигу)",
    "Set the leagues now (Gods, Priests, Warriors A, Warriors B; League 1, 2... in a starting "
    "season)":
        "Составить лиги сейчас (Боги, Жрецы, Воины 1, Воины 2; в стартовом сезоне — Лига 1, "
        "2...)",
    "Players: %(n)s": "Игроков: %(n)s",
    "Leagues set.": "Лиги составлены.",
    "Players added.": "Игроки добавлены.",
    "Player profile (last season, overruns, premium)":
        "Данные игрока (прошлый сезон, просрочки, премиум)",
    "League level last season (0 = Gods)": "Уровень лиги в прошлом сезоне (0 — Боги)",
    "Place last season": "Место в прошлом сезоне",
    "Overruns earlier this year": "Просрочек ранее в этом турнире",
    "Premium account": "Премиум-аккаунт",
    "yes": "да",
    "no": "нет",
    "newcomer: no league last season": "новичок: в прошлом сезоне не играл(а)",
    "Save the profile": "Сохранить",
    "Profile recorded.": "Данные игрока сохранены.",
    "Enter a game": "Ввести игру",
    "Enter the game": "Ввести игру",
    "Game number (empty: the one due)": "Номер игры (пусто — очередная)",
    "Order, best first; tied players joined by = (rule W7-3)":
        "Порядок мест, с первого; делёж — через = (правило W7-3)",
    "Order, best first; tied players joined by =": "Порядок мест, с первого; делёж — через =",
    "Scores (Name=points, comma-separated; optional)":
        "Очки (Имя=очки через запятую; необязательно)",
    "Over the time limit (rule W7-19)": "Просрочили время (правило W7-19)",
    "Over the time limit (names, comma-separated)": "Просрочили время (имена через запятую)",
    "Kicked another player (rule W7-20)": "Кикнул(а) другого игрока (правило W7-20)",
    "Deepest in negative time (rules W7-21, W7-22)":
        "Глубже всех в минусе по времени (правила W7-21, W7-22)",
    "unfinished game (rule W7-21)": "игра не доиграна (правило W7-21)",
    "unfinished: the order lists the players only": "не доиграна: в порядке только игроки",
    "Table link on the site": "Ссылка на стол на сайте",
    "Reported by": "Сообщил(а)",
    "Game %(game)s entered.": "Игра %(game)s введена.",
    "Die roll (rule W7-26)": "Жребий (правило W7-26)",
    "Rolls at the table (Name=value, comma-separated; empty: the service rolls a die)":
        "Броски кубика (Имя=значение через запятую; пусто — бросает сервис)",
    "Record the roll": "Записать жребий",
    "Die roll recorded (rule W7-26).": "Жребий записан (правило W7-26).",
    "Time-limit overrun (rule W7-19)": "Просрочка времени (правило W7-19)",
    "Game (e.g. gods/3, fortune, titans)": "Игра (например, gods/3, fortune, titans)",
    "Record the overrun": "Записать просрочку",
    "Overrun recorded (rule W7-19).": "Просрочка записана (правило W7-19).",
    "Lift a penalty (rule W7-24)": "Снять санкции (правило W7-24)",
    "Reason (logged, rule W7-24)": "Причина (в журнал, правило W7-24)",
    "Lift the penalty": "Снять санкции",
    "lifted by %(who)s: %(why)s": "снял(а) %(who)s: %(why)s",
    "Penalty lifted (rule W7-24).": "Санкции сняты (правило W7-24).",
    "Enter the match": "Ввести матч",
    "Special match entered.": "Матч введён.",
    "Self-reports (rule W7-36)": "Отчёты игроков (правило W7-36)",
    "Players report with their code on the public page “Report a result”; the others confirm.":
        "Игроки сообщают результат со своим кодом на странице «Сообщить результат»; "
        "остальные подтверждают.",
    "Accept report #": "Принять отчёт №",
    "Accept it as the game": "Принять как результат игры",
    "No self-report yet.": "Отчётов игроков пока нет.",
    "Self-report accepted: the game is entered.": "Отчёт принят: игра введена.",
    # self-report pages (rule W7-36)
    "Report the result of your game and its table link; the other players of the game confirm "
    "it, and a dispute goes to the organiser (rule W7-36).":
        "Сообщите результат своей игры и ссылку на стол; остальные игроки подтверждают, "
        "спор решает организатор (правило W7-36).",
    "Show my game": "Показать мою игру",
    "No game of yours is due now.": "Сейчас у вас нет очередной игры.",
    "Report this result": "Сообщить этот результат",
    "confirmed by %(names)s": "подтвердили: %(names)s",
    "disputed: the organiser decides": "оспорен: решает организатор",
    "Thank you: the other players of the game now confirm it.":
        "Спасибо: теперь остальные игроки подтверждают результат.",
    "Thank you: your confirmation is noted.": "Спасибо: подтверждение записано.",
    "Confirmed: the game is entered.": "Подтверждено: игра введена.",
    "Your objection is noted: the organiser decides.": "Возражение записано: решает организатор.",
    # web form refusals
    "%(field)s: a whole number from %(low)s to %(high)s":
        "%(field)s: целое число от %(low)s до %(high)s",
    "order: write the players best first, separated by commas, tied players joined by = (rule "
    "W7-3)":
        "порядок: перечислите игроков с первого места через запятую, делёж — через = "
        "(правило W7-3)",
    "league: choose the league": "лига: выберите лигу",
    "match: choose the special match": "матч: выберите матч",
    "game: give the game (gods/3) and the player": "игра: укажите игру (gods/3) и игрока",
    "game: choose the game waiting for a die roll": "игра: выберите игру, ждущую жребия",
    "penalty: choose the penalty to lift": "санкция: выберите, что снять",
    "reason: lifting a penalty needs the organiser's reason (rule W7-24)":
        "причина: снятие санкций требует причины (правило W7-24)",
    "report: choose the self-report": "отчёт: выберите отчёт игрока",
    # action kinds of the log
    "seven-wonders.profile": "данные игрока",
    "seven-wonders.game": "игра",
    "seven-wonders.overrun": "просрочка времени",
    "seven-wonders.roll": "жребий",
    "seven-wonders.lifted": "санкции сняты",
    "seven-wonders.special": "дополнительный матч",
    "seven-wonders.report": "отчёт игрока",
    "seven-wonders.confirmed": "отчёт подтверждён",
    "seven-wonders.disputed": "отчёт оспорен",
    "divisions.assigned": "лиги составлены",
    "division.moved": "игрок переведён",
    # settings (podium.formats.seven_wonders.settings)
    "regular (Gods, Priests, two Warriors leagues) or starting (equal leagues, the league "
    "winners play the Battle of Titans)":
        "regular — регулярный (Боги, Жрецы, две лиги Воинов) или starting — стартовый "
        "(равные лиги, в Битве Титанов играют победители лиг)",
    "place points of a regular season: 7 numbers a league level (top league first), levels "
    "separated by /":
        "баллы за места в регулярном сезоне: по 7 чисел на уровень лиги (с высшей), уровни "
        "через /",
    "place points of every league of a starting season (7 numbers)":
        "баллы за места в каждой лиге стартового сезона (7 чисел)",
    "points of places 1, 2, 3 of the Battle of Titans": "баллы за 1, 2, 3 места в Битве Титанов",
    "season points taken for each time-limit overrun": "штрафные баллы за каждую просрочку",
    "overruns in the year that bar a player from the next season":
        "число просрочек за турнир, лишающее права играть в следующем сезоне",
    "points to each player of an unfinished game but the kicker and those over time":
        "баллы каждому игроку недоигранной игры, кроме кикнувшего и просрочивших",
    "other players of a game who must confirm a self-report (auto: all of them)":
        "сколько других игроков должны подтвердить отчёт (auto — все)",
    "the season's first day (YYYY-MM-DD): the first games are due from it":
        "первый день сезона (ГГГГ-ММ-ДД): от него считается срок первых игр",
    "days for a turn-based game of 3 to 5 players": "дней на пошаговую игру 3–5 игроков",
    "days for a turn-based game of 6 or 7 players": "дней на пошаговую игру 6–7 игроков",
    "active time of a turn-based game the organiser creates":
        "активное игровое время пошагового турнира организатора",
    "the table settings a premium player copies when creating a game":
        "настройки стола, которые премиум-игрок копирует при создании игры",
    # refusals (podium.formats.seven_wonders.msgids)
    "%(what)s is an organiser decision and needs a reason":
        "%(what)s — решение организатора, нужна причина",
    "no player %(player)s in this event": "в турнире нет игрока %(player)s",
    "deepest: the kicker and the player deepest in negative time are two different players "
    "(rule W7-22)":
        "глубже всех в минусе: кикнувший и ушедший глубже всех в минус по времени — разные "
        "игроки (правило W7-22)",
    "deepest: an unfinished game ended by the time limit needs the player deepest in negative "
    "time, or name the kicker (rule W7-21)":
        "глубже всех в минусе: для игры, прерванной по лимиту времени, укажите игрока, "
        "ушедшего глубже всех в минус, или кикнувшего (правило W7-21)",
    "reporter: %(name)s did not play this game": "сообщил(а): %(name)s не играл(а) в этой игре",
    "%(name)s does not play this match; its players: %(names)s":
        "%(name)s не играет в этом матче; его игроки: %(names)s",
    "the game misses %(names)s; its players are %(all)s (rule W7-2)":
        "в игре не хватает: %(names)s; её игроки: %(all)s (правило W7-2)",
    "no game %(game)s: write league/number (gods/3) or a special match (fortune, will, titans)":
        "нет игры %(game)s: укажите лигу/номер (gods/3) или матч (fortune, will, titans)",
    "%(name)s's league has begun its ladder: last season's league and place decide ties (rule "
    "W7-26) and are set before its first game":
        "лига игрока %(name)s уже начала играть: лига и место в прошлом сезоне решают дележи "
        "(правило W7-26) и задаются до первой игры",
    "no league %(league)s; leagues: %(known)s": "нет лиги %(league)s; лиги: %(known)s",
    "the special matches have begun: the ladders are closed":
        "дополнительные матчи начались: игры лиг закрыты",
    "league %(league)s has %(count)s players; a league plays its ladder with %(size)s (rules "
    "W7-2, W7-15)":
        "в лиге %(league)s %(count)s игроков; лига играет сезон в составе %(size)s "
        "(правила W7-2, W7-15)",
    "game %(game)s of league %(league)s waits for the die roll between %(names)s (rule W7-26 "
    "(4))":
        "игра %(game)s лиги %(league)s ждёт жребия между %(names)s (правило W7-26 (4))",
    "league %(league)s has played its ladder": "лига %(league)s сыграла все игры",
    "the next game of league %(league)s is game %(next)s (%(size)s players), not game "
    "%(game)s (rule W7-2)":
        "следующая игра лиги %(league)s — игра %(next)s (%(size)s игроков), а не игра "
        "%(game)s (правило W7-2)",
    "%(name)s did not play %(game)s: no overrun to record (rule W7-19)":
        "%(name)s не играл(а) в %(game)s: просрочку записать нельзя (правило W7-19)",
    "%(name)s's overrun in %(game)s is already recorded":
        "просрочка игрока %(name)s в %(game)s уже записана",
    "%(game)s has no tie waiting for a die roll": "в %(game)s нет дележа, ждущего жребия",
    "the die is rolled by %(names)s, the players still tied":
        "кубик бросают игроки, между которыми делёж: %(names)s",
    "the roll leaves %(names)s tied: roll again between them":
        "после броска делёж между %(names)s сохраняется: бросьте ещё раз",
    "%(name)s has no %(penalty)s penalty in %(game)s":
        "у игрока %(name)s нет санкции %(penalty)s в %(game)s",
    "that penalty is already lifted": "эти санкции уже сняты",
    "the special matches follow the ladders; still playing: %(leagues)s":
        "дополнительные матчи — после игр лиг; ещё играют: %(leagues)s",
    "the %(match)s match already has its result": "у матча %(match)s уже есть результат",
    "no %(match)s match this season (rule W7-6: a starting season has none; it needs two "
    "players)":
        "в этом сезоне нет матча %(match)s (правило W7-6: в стартовом сезоне его нет; нужны "
        "два игрока)",
    "%(name)s does not play %(game)s and cannot report it":
        "%(name)s не играет в %(game)s и не может о ней сообщить",
    "%(game)s is not the game due in league %(league)s (game %(next)s is)":
        "%(game)s — не очередная игра лиги %(league)s (очередная — игра %(next)s)",
    "no self-report %(report)s": "нет отчёта игрока %(report)s",
    "self-report %(report)s is %(status)s": "отчёт игрока %(report)s: %(status)s",
    "%(name)s does not play %(game)s": "%(name)s не играет в %(game)s",
    "%(name)s has already confirmed": "%(name)s уже подтвердил(а)",
    "self-report %(report)s is disputed: the organiser decides":
        "отчёт игрока %(report)s оспорен: решает организатор",
    "%(name)s is listed twice in the game": "%(name)s указан(а) в игре дважды",
    "%(field)s: %(name)s did not play this game": "%(field)s: %(name)s не играл(а) в этой игре",
    "positions: %(names)s have no position (rule W7-3)":
        "места: у игроков %(names)s не указано место (правило W7-3)",
    "overruns: %(name)s did not play this game (rule W7-19)":
        "просрочки: %(name)s не играл(а) в этой игре (правило W7-19)",
    "overruns: %(name)s is listed twice": "просрочки: %(name)s указан(а) дважды",
    "%(name)s rolled twice": "%(name)s бросил(а) кубик дважды",
    "the Fortune match decides the fourth player of the Battle of Titans: enter it first (rule "
    "W7-11)":
        "Матч Фортуны определяет четвёртого участника Битвы Титанов: сначала введите его "
        "(правило W7-11)",
    "%(game)s is not due": "%(game)s сейчас не играется",
    "the leagues are set before their first game; games are entered":
        "лиги составляются до первой игры, а игры уже введены",
    "the special matches have begun": "дополнительные матчи уже начались",
    "a 7 Wonders season has no rounds; its tables are per league":
        "в сезоне «7 Чудес» нет туров; таблицы — по лигам",
    "%(name)s does not play in league %(league)s": "%(name)s не играет в лиге %(league)s",
    "%(name)s is out of league %(league)s since game %(game)s (place %(place)s) and plays no "
    "later game (rule W7-2)":
        "%(name)s выбыл(а) из лиги %(league)s в игре %(game)s (место %(place)s) и в "
        "дальнейших играх не участвует (правило W7-2)",
    "%(name)s has dropped out of the season; enter the game without them (they take the lowest "
    "free place)":
        "%(name)s выбыл(а) из сезона; введите игру без него (неё): он(а) занимает низшее "
        "свободное место",
    "league %(league)s has %(count)s players; a league has %(size)s (rules W7-2, W7-15)":
        "в лиге %(league)s %(count)s игроков; в лиге должно быть %(size)s "
        "(правила W7-2, W7-15)",
    "league %(league)s has begun its ladder: its players stay":
        "лига %(league)s уже начала играть: её состав не меняется",
    "event %(slug)s is a %(format)s event, not a 7 Wonders season":
        "турнир %(slug)s — формата %(format)s, а не сезон «7 Чудес»",
    "%(field)s: write the players best first, separated by commas, tied players joined by = "
    "(rule W7-3)":
        "%(field)s: перечислите игроков с первого места через запятую, делёж — через = "
        "(правило W7-3)",
    "%(field)s: an empty place in %(text)r": "%(field)s: пустое место в %(text)r",
    "nothing to record: give the level, the place, the overruns or the premium account":
        "нечего записать: укажите уровень лиги, место, просрочки или премиум-аккаунт",
    "%(what)s %(item)r: write it as NAME=NUMBER": "%(what)s %(item)r: пишите ИМЯ=ЧИСЛО",
    "%(count)s active players: the leagues need a multiple of %(size)s (rule W7-15); give the "
    "leagues or drop the extra players":
        "игроков: %(count)s; для лиг нужно число, кратное %(size)s (правило W7-15); укажите "
        "лиги или исключите лишних",
    "position of %(name)s: %(position)s is not between 1 and %(count)s":
        "место игрока %(name)s: %(position)s — не от 1 до %(count)s",
    "positions %(positions)s are not a ranking of the game's %(count)s players: tied players "
    "share a position and the next one skips (1, 1, 3) (rule W7-3)":
        "места %(positions)s — не распределение мест %(count)s игроков: при дележе игроки "
        "делят место, а следующее пропускается (1, 1, 3) (правило W7-3)",
    "setting %(key)s: %(value)r is not a date like 2025-03-01":
        "настройка %(key)s: %(value)r — не дата вида 2025-03-01",
    "setting %(key)s: %(value)r is not an interval like 9:00-21:00":
        "настройка %(key)s: %(value)r — не интервал вида 9:00-21:00",
    "setting %(key)s: %(value)r must be whole numbers separated by commas":
        "настройка %(key)s: %(value)r — нужны целые числа через запятую",
    "setting %(key)s: at most %(count)s numbers": "настройка %(key)s: не больше %(count)s чисел",
    "setting %(key)s: at most %(limit)s characters":
        "настройка %(key)s: не больше %(limit)s символов",
    "setting %(key)s: give %(count)s numbers, one a place":
        "настройка %(key)s: нужно %(count)s чисел, по одному на место",
    "setting %(key)s: give 1 to 20 rows of 7 points, separated by /":
        "настройка %(key)s: от 1 до 20 строк по 7 чисел, через /",
    "setting %(key)s: the points must be between 0 and %(limit)s":
        "настройка %(key)s: баллы — от 0 до %(limit)s",
}
