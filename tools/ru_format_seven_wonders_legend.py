"""Russian of the 7 Wonders year's survival battles and Legendary League (rules W7-14, W7-23,
W7-29, W7-31 .. W7-34): notes and refusals of ``formats/seven_wonders/survival.py`` and
``legendary.py``.

Merged by tools/ru_catalog.py. The vocabulary is the regulation's own (the seed): Бой на
выживание, выходящие места, претенденты, премиум-аккаунт, змейка, Легендарная лига, отбор,
подтверждение участия, делёж, жребий (кубик), личные встречи, уйти в минус по времени.
"""

RU = {
    # survival battles: the format (rule W7-14)
    "%(entrants)s players for %(free)s free places: %(count)s matches (%(detail)s), the "
    "easiest first (rule W7-14)":
        "%(entrants)s игроков на %(free)s свободных мест: матчей — %(count)s (%(detail)s), "
        "первым самый лёгкий (правило W7-14)",
    "%(free)s free places for %(entrants)s players: everyone plays in Warriors, no battle "
    "(rule W7-14)":
        "%(free)s свободных мест на %(entrants)s игроков: все играют в Лиге Воинов, боя нет "
        "(правило W7-14)",
    "no newcomer applies: the players who must defend keep their Warriors places (rule W7-10)":
        "новых претендентов нет: игроки, которые должны были защищаться, сохраняют места в "
        "Лиге Воинов (правило W7-10)",
    "fewer free places than matches: a match without a qualifying place; the organiser sets "
    "a preliminary stage (rule W7-14)":
        "свободных мест меньше, чем матчей: в одном из матчей нет выходящего места; "
        "организатор назначает предварительный отбор (правило W7-14)",
    "the number of entrants and of free places cannot be negative":
        "число участников и свободных мест не может быть отрицательным",
    "format: the matches seat %(seated)s players, there are %(entrants)s":
        "формат: в матчах %(seated)s мест, а участников %(entrants)s",
    "format: match %(match)s has %(size)s players; a table seats 2 to 7":
        "формат: в матче %(match)s игроков — %(size)s; за столом от 2 до 7",
    "format: match %(match)s has %(qualifying)s qualifying places for %(size)s players":
        "формат: в матче %(match)s выходящих мест — %(qualifying)s на %(size)s игроков",
    "format: the matches give %(given)s qualifying places for %(free)s free places":
        "формат: матчи дают %(given)s выходящих мест на %(free)s свободных",
    # survival battles: the draw (rule W7-14)
    "players: a player is entered twice": "игроки: игрок указан дважды",
    "%(names)s are equally strong by last season (league rank %(level)s, place %(place)s): "
    "their order is drawn with seed %(seed)s (rule W7-14)":
        "%(names)s равны по силе по прошлому сезону (уровень лиги %(level)s, место "
        "%(place)s): их порядок определён жребием с зерном %(seed)s (правило W7-14)",
    "strength %(rank)s: %(name)s, last season %(league)s, place %(place)s":
        "сила %(rank)s: %(name)s, в прошлом сезоне %(league)s, место %(place)s",
    "strength %(rank)s: %(name)s, newcomer, site rating %(rating)s":
        "сила %(rank)s: %(name)s, новичок, рейтинг на сайте %(rating)s",
    "%(name)s (strength %(rank)s): match %(match)s, the snake's slot (rule W7-14)":
        "%(name)s (сила %(rank)s): матч %(match)s, место по змейке (правило W7-14)",
    "%(name)s (strength %(rank)s): match %(match)s; the snake offered match %(snake)s "
    "(rule W7-14)":
        "%(name)s (сила %(rank)s): матч %(match)s; змейка предлагала матч %(snake)s "
        "(правило W7-14)",
    "match %(match)s is full": "матч %(match)s заполнен",
    "match %(match)s already has %(names)s of %(league)s last season: kept apart (rule W7-14)":
        "в матче %(match)s уже есть %(names)s из лиги «%(league)s» прошлого сезона: "
        "разводим (правило W7-14)",
    "match %(match)s already has a premium player and another match needs one (rule W7-14)":
        "в матче %(match)s уже есть игрок с премиум-аккаунтом, а другому матчу он нужен "
        "(правило W7-14)",
    "match %(match)s keeps its seat for a premium player, so that every match has one "
    "(rule W7-14)":
        "место в матче %(match)s оставлено игроку с премиум-аккаунтом, чтобы он был в "
        "каждом матче (правило W7-14)",
    "in match %(match)s the rest of the draw could not keep its rules (rule W7-14)":
        "при матче %(match)s остальная жеребьёвка не смогла бы соблюсти правила "
        "(правило W7-14)",
    "%(name)s has a premium account and creates the table of match %(match)s (rules W7-14, "
    "W7-36)":
        "у %(name)s премиум-аккаунт: создаёт стол матча %(match)s (правила W7-14, W7-36)",
    "last season's league mates cannot all be kept apart in this format: that rule is given "
    "up for this draw (rule W7-14)":
        "в этом формате нельзя развести всех игроков одной лиги прошлого сезона: в этой "
        "жеребьёвке это правило не соблюдено (правило W7-14)",
    "the premium players cannot be spread over the matches in this format: that rule is "
    "given up for this draw (rule W7-14)":
        "в этом формате нельзя распределить игроков с премиум-аккаунтом по матчам: в этой "
        "жеребьёвке это правило не соблюдено (правило W7-14)",
    "%(premium)s premium players for %(count)s matches: %(missing)s without one; the "
    "organiser creates those tables as turn-based games (rules W7-14, W7-36)":
        "игроков с премиум-аккаунтом — %(premium)s на %(count)s матчей: без такого игрока "
        "— %(missing)s; их столы создаёт организатор как пошаговые турниры (правила W7-14, "
        "W7-36)",
    # survival battles: the outcome (rules W7-23, W7-29)
    "players: %(players)s did not enter the survival battles":
        "игроки: %(players)s не участвуют в Боях на выживание",
    "positions: give a position for each of %(names)s (rule W7-3)":
        "места: укажите место каждого из игроков %(names)s (правило W7-3)",
    "deepest: an unfinished survival battle needs its kicker or the player deepest in "
    "negative time (rule W7-23)":
        "глубже всех в минусе: для недоигранного Боя на выживание укажите кикнувшего или "
        "игрока, ушедшего в самый глубокий минус по времени (правило W7-23)",
    "%(names)s did not play this match": "%(names)s не играли в этом матче",
    "tie for a qualifying place (position %(position)s) between %(names)s (rule W7-29)":
        "делёж выходящего места (место %(position)s) между %(names)s (правило W7-29)",
    "rule W7-29 (1), played last season: %(detail)s":
        "правило W7-29 (1), участвовал в прошлом сезоне: %(detail)s",
    "rule W7-29 (2), place last season: %(detail)s":
        "правило W7-29 (2), место в прошлом сезоне: %(detail)s",
    "rule W7-29 (3), sign-up order: %(detail)s":
        "правило W7-29 (3), очерёдность заявки: %(detail)s",
    "die roll: %(detail)s": "жребий (кубик): %(detail)s",
    "still tied: a die roll decides between %(names)s":
        "делёж остаётся: между %(names)s решает жребий (кубик)",
    "qualified for Warriors next season: %(names)s (rule W7-14)":
        "в Лигу Воинов следующего сезона проходят: %(names)s (правило W7-14)",
    "unfinished survival battle: %(barred)s caused it and is barred from the tournament; "
    "%(gone)s leave the battle (rule W7-23)":
        "Бой на выживание не доигран: %(barred)s прервал(а) его и лишается права участвовать "
        "в турнире; выбывают из боя: %(gone)s (правило W7-23)",
    "%(names)s are left for %(places)s qualifying places: they qualify without a replay "
    "(rule W7-23)":
        "на %(places)s выходящих мест остались %(names)s: проходят без переигровки "
        "(правило W7-23)",
    "replayed by %(names)s for %(places)s qualifying places (rule W7-23)":
        "переигровка: %(names)s на %(places)s выходящих мест (правило W7-23)",
    # the Legendary League: selection (rules W7-31 .. W7-33)
    "%(names)s declined in advance: not considered (rule W7-32)":
        "%(names)s заранее отказались: их результаты при отборе не учитываются "
        "(правило W7-32)",
    "no player left for #%(number)s (rule W7-31)":
        "для №%(number)s не осталось игроков (правило W7-31)",
    "players: %(name)s is listed twice": "игроки: %(name)s указан(а) дважды",
    "#%(number)s %(name)s: most points over all seasons, %(points)s (rule W7-31)":
        "№%(number)s %(name)s: больше всех баллов за все сезоны, %(points)s (правило W7-31)",
    "#%(number)s %(name)s: most points in their best season, %(points)s (rule W7-31)":
        "№%(number)s %(name)s: больше всех баллов за один лучший сезон, %(points)s "
        "(правило W7-31)",
    "#%(number)s %(name)s: most points over their best %(k)s seasons, %(points)s (rule "
    "W7-31)":
        "№%(number)s %(name)s: больше всех баллов за %(k)s лучших сезона, %(points)s "
        "(правило W7-31)",
    "next by it: %(detail)s": "следующие по этому показателю: %(detail)s",
    "tie at %(points)s between %(names)s (rule W7-33)":
        "делёж при %(points)s между %(names)s (правило W7-33)",
    "rule W7-33 (1), the best %(k)s season(s): %(detail)s":
        "правило W7-33 (1), лучшие сезоны (%(k)s): %(detail)s",
    "rule W7-33 (2), last season (%(season)s): %(detail)s":
        "правило W7-33 (2), последний сезон (%(season)s): %(detail)s",
    "rule W7-33 (3), fewer seasons played: %(detail)s":
        "правило W7-33 (3), меньше сыгранных сезонов: %(detail)s",
    "rule W7-33 (4), Battle of Titans points: %(detail)s":
        "правило W7-33 (4), баллы в Битвах Титанов: %(detail)s",
    "rule W7-33 (5), head-to-head, times ahead: %(detail)s":
        "правило W7-33 (5), личные встречи, сколько раз выше: %(detail)s",
    "rule W7-33 (6), die roll drawn with seed %(seed)s: %(detail)s":
        "правило W7-33 (6), жребий с зерном %(seed)s: %(detail)s",
    # the Legendary League: confirmation (rule W7-32)
    "#%(number)s %(name)s confirmed on %(at)s (rule W7-32)":
        "№%(number)s %(name)s подтвердил(а) участие %(at)s (правило W7-32)",
    "#%(number)s %(name)s refused on %(at)s: the place passes (rule W7-32)":
        "№%(number)s %(name)s отказался(-ась) %(at)s: место переходит (правило W7-32)",
    "#%(number)s %(name)s did not confirm by %(at)s: the place passes (rule W7-32)":
        "№%(number)s %(name)s не подтвердил(а) участие до %(at)s: место переходит "
        "(правило W7-32)",
    "#%(number)s passes to %(name)s, the highest all-seasons total not picked: %(points)s "
    "(rule W7-32)":
        "№%(number)s переходит к %(name)s — больше всех баллов за все сезоны среди не "
        "отобравшихся: %(points)s (правило W7-32)",
    "#%(number)s: no player left to take the place (rule W7-32)":
        "№%(number)s: не осталось игроков, чтобы занять место (правило W7-32)",
    "#%(number)s %(name)s: waiting for the confirmation until %(at)s (rule W7-32)":
        "№%(number)s %(name)s: ждём подтверждения до %(at)s (правило W7-32)",
    # the Legendary League: the final (rule W7-34)
    "players: the Legendary League needs at least 3 players, it has %(count)s":
        "игроки: в Легендарной лиге нужно не меньше 3 игроков, а их %(count)s",
    "game %(game)s: the Legendary League is won already":
        "игра %(game)s: Легендарная лига уже выиграна",
    "game %(game)s: its players are %(names)s (rule W7-34)":
        "игра %(game)s: в ней играют %(names)s (правило W7-34)",
    "tie for last place between %(detail)s: the higher selection number is out (rule W7-34)":
        "делёж последнего места между %(detail)s: выбывает игрок с бо́льшим номером отбора "
        "(правило W7-34)",
    "%(name)s is out and takes place %(place)s (rules W7-2, W7-34)":
        "%(name)s выбывает и занимает %(place)s место (правила W7-2, W7-34)",
    "%(names)s share first place: a tie is not a win (rule W7-34)":
        "%(names)s делят первое место: делёж не считается победой (правило W7-34)",
    "%(name)s wins, %(wins)s of %(needed)s (rule W7-34)":
        "%(name)s побеждает: %(wins)s из %(needed)s (правило W7-34)",
    "%(name)s wins the Legendary League; then %(others)s by the final's wins, then the lower "
    "selection number (rule W7-34)":
        "%(name)s выигрывает Легендарную лигу; далее %(others)s — по числу побед в финале, "
        "затем по меньшему номеру отбора (правило W7-34)",
    # the log (legendary_rules.py, survival_rules.py)
    "seven-wonders.legendary-selected": "отбор в Легендарную лигу",
    "seven-wonders.legendary-answer": "ответ на приглашение в Легендарную лигу",
    "seven-wonders.legendary-game": "игра Легендарной лиги",
    "seven-wonders.survival-drawn": "жеребьёвка Боёв на выживание",
    "seven-wonders.survival-game": "игра Боя на выживание",
    "%(name)s holds no place waiting for a confirmation (rule W7-32)":
        "у %(name)s нет места, ждущего подтверждения (правило W7-32)",
    "no Legendary League selection yet": "отбора в Легендарную лигу ещё не было",
    "the Legendary League has begun: the selection is closed":
        "Легендарная лига уже началась: отбор закрыт",
    "the Legendary League starts once its places are confirmed; waiting for %(names)s (rule "
    "W7-32)":
        "Легендарная лига начинается, когда места подтверждены; ждём: %(names)s "
        "(правило W7-32)",
    "matches: seat every entrant once, %(sizes)s players a match":
        "матчи: каждый участник ровно один раз, игроков в матчах: %(sizes)s",
    "no survival match %(match)s": "нет Боя на выживание под номером %(match)s",
    "results: survival match %(match)s is played by %(names)s":
        "результаты: в Бою на выживание %(match)s играют %(names)s",
    "survival match %(match)s is decided": "Бой на выживание %(match)s уже решён",
    "the draw adjusted by the organiser: %(reason)s":
        "жеребьёвка изменена организатором: %(reason)s",
    "the survival battles have begun: the draw is closed":
        "Бои на выживание уже начались: жеребьёвка закрыта",
}
