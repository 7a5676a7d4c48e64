"""Russian of the 7 Wonders year (rules W7-1, W7-4 .. W7-15, W7-35) and of series.

Merged by tools/ru_catalog.py; the vocabulary of tools/ru_format_seven_wonders.py (Боги, Жрецы,
Воины, Матч Фортуны, Матч Воли, Битва Титанов, битвы на выживание, стыковые матчи)."""

RU = {
    # tables and pages
    "Year table": "Таблица года",
    "Site currency (1:1)": "Валюта сайта (1:1)",
    "Path of {player}": "Путь игрока {player}",
    "Season": "Сезон",
    "Next season: who goes where": "Следующий сезон: кто куда",
    "Members": "Состав серии",
    "Label": "Название",
    "Event": "Турнир",
    "History of {player}": "История игрока {player}",
    "Series table": "Таблица серии",
    "%(name)s played no event of the series": "%(name)s не играл ни в одном турнире серии",
    "Series of events (a year of seasons, a circuit)": "Серия турниров (год сезонов, цикл)",
    "count only each player's best N members (0: all of them)":
        "учитывать только N лучших турниров игрока (0: все)",
    "series.member_added": "Турнир добавлен в серию",
    "series.member_removed": "Турнир убран из серии",
    "Event added to the series": "Турнир добавлен в серию",
    "Event removed from the series": "Турнир убран из серии",
    # decisions, player by player
    "%(name)s: sign-up %(n)s of %(size)s, plays the starting season (rule W7-4)":
        "%(name)s: заявка %(n)s из %(size)s, играет нулевой сезон (правило W7-4)",
    "%(name)s: sign-up %(n)s, after the first %(size)s: goes to qualification for season 1 "
    "(rule W7-4)":
        "%(name)s: заявка %(n)s, после первых %(size)s: в квалификацию к 1-му сезону "
        "(правило W7-4)",
    "%(name)s: pick %(pick)s (%(premium)s, rating %(rating)s), League %(league)s by the snake "
    "(rule W7-5)":
        "%(name)s: выбор %(pick)s (%(premium)s, рейтинг %(rating)s), Лига %(league)s по змейке "
        "(правило W7-5)",
    "%(name)s: %(place)s in %(league)s of the starting season, defends a place in the survival "
    "battles (rule W7-6)":
        "%(name)s: %(n)s-е место в лиге %(league)s нулевого сезона, защищает место в битвах на "
        "выживание (правило W7-6)",
    "%(name)s: %(place)s in %(league)s of the starting season, to %(to)s (rule W7-7)":
        "%(name)s: %(n)s-е место в лиге %(league)s нулевого сезона, в лигу %(to)s "
        "(правило W7-7)",
    "%(name)s: %(place)s in %(league)s, play-off %(rank)s of %(count)s by ladder wins and the "
    "previous games (rule W7-30), to %(to)s (rule W7-7)":
        "%(name)s: %(n)s-е место в лиге %(league)s, стыковой отбор: %(rank)s из %(count)s по "
        "баллам за победы и прошлым играм (правило W7-30), в лигу %(to)s (правило W7-7)",
    "%(name)s: %(place)s in %(league)s, play-off match %(rank)s of %(count)s, to %(to)s "
    "(rules W7-6, W7-7)":
        "%(name)s: %(n)s-е место в лиге %(league)s, стыковой матч: %(rank)s из %(count)s, в "
        "лигу %(to)s (правила W7-6, W7-7)",
    "%(name)s: %(place)s in %(league)s, to the Battle of Titans, stays in Gods (rule W7-8)":
        "%(name)s: %(n)s-е место в лиге %(league)s, в Битву Титанов, остаётся в Богах "
        "(правило W7-8)",
    "%(name)s: %(place)s in %(league)s, Fortune match, stays in Gods (rule W7-8)":
        "%(name)s: %(n)s-е место в лиге %(league)s, Матч Фортуны, остаётся в Богах "
        "(правило W7-8)",
    "%(name)s: %(place)s in %(league)s, stays in Gods (rule W7-8)":
        "%(name)s: %(n)s-е место в лиге %(league)s, остаётся в Богах (правило W7-8)",
    "%(name)s: %(place)s in %(league)s, down to Priests (rule W7-8)":
        "%(name)s: %(n)s-е место в лиге %(league)s, вниз, в Жрецы (правило W7-8)",
    "%(name)s: %(place)s in %(league)s, to the Battle of Titans, up to Gods (rule W7-9)":
        "%(name)s: %(n)s-е место в лиге %(league)s, в Битву Титанов, вверх, в Боги "
        "(правило W7-9)",
    "%(name)s: %(place)s in %(league)s, highest of Priests and Warriors in the Fortune match, "
    "up to Gods (rule W7-11)":
        "%(name)s: %(n)s-е место в лиге %(league)s, выше всех Жрецов и Воинов в Матче Фортуны, "
        "вверх, в Боги (правило W7-11)",
    "%(name)s: %(place)s in %(league)s, highest of Priests and Warriors in the Fortune match, "
    "up to Gods (rules W7-10, W7-11)":
        "%(name)s: %(n)s-е место в лиге %(league)s, выше всех Жрецов и Воинов в Матче Фортуны, "
        "вверх, в Боги (правила W7-10, W7-11)",
    "%(name)s: %(place)s in %(league)s, Fortune match, stays in Priests (rules W7-9, W7-11)":
        "%(name)s: %(n)s-е место в лиге %(league)s, Матч Фортуны, остаётся в Жрецах "
        "(правила W7-9, W7-11)",
    "%(name)s: %(place)s in %(league)s, stays in Priests (rule W7-9)":
        "%(name)s: %(n)s-е место в лиге %(league)s, остаётся в Жрецах (правило W7-9)",
    "%(name)s: %(place)s in %(league)s, won the Will match, stays in Priests (rule W7-12)":
        "%(name)s: %(n)s-е место в лиге %(league)s, выиграл Матч Воли, остаётся в Жрецах "
        "(правило W7-12)",
    "%(name)s: %(place)s in %(league)s, no Will match was played: stays in Priests "
    "(rule W7-12)":
        "%(name)s: %(n)s-е место в лиге %(league)s, Матч Воли не игрался: остаётся в Жрецах "
        "(правило W7-12)",
    "%(name)s: %(place)s in %(league)s, lost the Will match, down to Warriors (rules W7-9, "
    "W7-12)":
        "%(name)s: %(n)s-е место в лиге %(league)s, проиграл Матч Воли, вниз, в Воины "
        "(правила W7-9, W7-12)",
    "%(name)s: %(place)s in %(league)s, down to Warriors (rule W7-9)":
        "%(name)s: %(n)s-е место в лиге %(league)s, вниз, в Воины (правило W7-9)",
    "%(name)s: %(place)s in %(league)s, Fortune match, up to Priests (rule W7-10)":
        "%(name)s: %(n)s-е место в лиге %(league)s, Матч Фортуны, вверх, в Жрецы "
        "(правило W7-10)",
    "%(name)s: %(place)s in %(league)s, won the Will match, up to Priests (rules W7-10, "
    "W7-12)":
        "%(name)s: %(n)s-е место в лиге %(league)s, выиграл Матч Воли, вверх, в Жрецы "
        "(правила W7-10, W7-12)",
    "%(name)s: %(place)s in %(league)s, Will match not won, stays in Warriors (rules W7-10, "
    "W7-12)":
        "%(name)s: %(n)s-е место в лиге %(league)s, Матч Воли не выигран, остаётся в Воинах "
        "(правила W7-10, W7-12)",
    "%(name)s: %(place)s in %(league)s, stays in Warriors (rule W7-10)":
        "%(name)s: %(n)s-е место в лиге %(league)s, остаётся в Воинах (правило W7-10)",
    "%(name)s: %(place)s in %(league)s, defends a Warriors place in the survival battles "
    "(rules W7-10, W7-14)":
        "%(name)s: %(n)s-е место в лиге %(league)s, защищает место в Воинах в битвах на "
        "выживание (правила W7-10, W7-14)",
    "%(name)s: %(place)s in %(league)s, no newcomers: stays in Warriors (rule W7-10)":
        "%(name)s: %(n)s-е место в лиге %(league)s, новичков нет: остаётся в Воинах "
        "(правило W7-10)",
    "%(name)s: barred from the next season (rules W7-19, W7-20)":
        "%(name)s: отстранён от следующего сезона (правила W7-19, W7-20)",
    "%(name)s: drops out; the players below move up (rule W7-35)":
        "%(name)s: выбывает; игроки ниже поднимаются (правило W7-35)",
    "%(name)s: a place freed above: up to %(to)s through the overall ranking (rule W7-35)":
        "%(name)s: выше освободилось место: вверх, в лигу %(to)s по общему рейтингу "
        "(правило W7-35)",
    "%(name)s: no survival battle needed, plays in Warriors (rules W7-14, W7-35)":
        "%(name)s: битва на выживание не нужна, играет в Воинах (правила W7-14, W7-35)",
    "%(name)s: won a survival battle, plays in Warriors (rule W7-14)":
        "%(name)s: выиграл битву на выживание, играет в Воинах (правило W7-14)",
    "%(name)s: lost the survival battles, out of the next season (rule W7-14)":
        "%(name)s: проиграл битвы на выживание, не играет в следующем сезоне (правило W7-14)",
    "%(name)s: changes Warriors league with %(other)s by the organiser: %(reason)s "
    "(rule W7-13)":
        "%(name)s: меняется лигой Воинов с игроком %(other)s по решению организатора: "
        "%(reason)s (правило W7-13)",
    "%(name)s: Warriors A by the balance snake (rule W7-13)":
        "%(name)s: Воины 1 по змейке баланса (правило W7-13)",
    "%(name)s: Warriors B by the balance snake (rule W7-13)":
        "%(name)s: Воины 2 по змейке баланса (правило W7-13)",
    # refusals
    "%(name)s signed up twice": "%(name)s заявлен дважды",
    "%(count)s sign-ups: the starting season needs at least %(size)s (rule W7-4)":
        "Заявок: %(count)s; для нулевого сезона нужно не меньше %(size)s (правило W7-4)",
    "the play-off of the %(place)s places is between %(names)s (rule W7-6)":
        "стыковой матч за место %(place)s играют %(names)s (правило W7-6)",
    "%(name)s is barred from the next season (rules W7-19, W7-20)":
        "%(name)s отстранён от следующего сезона (правила W7-19, W7-20)",
    "%(name)s plays this season: not a newcomer": "%(name)s играет в этом сезоне: не новичок",
    "%(count)s players keep a place: more than the %(size)s places of the next season "
    "(rule W7-15)":
        "Место сохраняют %(count)s игроков: больше, чем %(size)s мест следующего сезона "
        "(правило W7-15)",
    "%(free)s Warriors places are free and only %(count)s players can take them (%(names)s): "
    "the leagues would not have 7 each (rule W7-15)":
        "Свободных мест в Воинах: %(free)s, а занять их могут только %(count)s (%(names)s): в "
        "лигах не будет по 7 игроков (правило W7-15)",
    "%(names)s did not play the survival battles (rule W7-14)":
        "%(names)s не играли битвы на выживание (правило W7-14)",
    "%(count)s survival winners for %(free)s free Warriors places: the leagues would not have "
    "7 each (rule W7-15)":
        "Победителей битв на выживание: %(count)s на %(free)s свободных мест в Воинах: в лигах "
        "не будет по 7 игроков (правило W7-15)",
    "changing the Warriors balance needs a reason (rule W7-13)":
        "для изменения баланса Воинов нужна причина (правило W7-13)",
    "%(first)s and %(second)s are not in two different Warriors leagues":
        "%(first)s и %(second)s не в двух разных лигах Воинов",
    "league %(league)s would have %(count)s players, not %(size)s: places %(places)s "
    "(rule W7-15)":
        "в лиге %(league)s было бы %(count)s игроков, а не %(size)s: места %(places)s "
        "(правило W7-15)",
    "%(name)s would play in %(first)s and %(second)s (rule W7-15)":
        "%(name)s играл бы и в %(first)s, и в %(second)s (правило W7-15)",
    "event %(slug)s is a %(format)s event, not a 7 Wonders season":
        "турнир %(slug)s формата %(format)s, а не сезон «7 Чудес»",
    "season %(slug)s is not finished: the next season's leagues follow from its places and "
    "the Battle of Titans":
        "сезон %(slug)s не закончен: лиги следующего сезона зависят от его мест и Битвы Титанов",
    "%(names)s did not play season %(slug)s": "%(names)s не играли в сезоне %(slug)s",
    "season %(slug)s already has its players": "в сезоне %(slug)s уже есть игроки",
    "an event %(slug)s already exists": "турнир %(slug)s уже существует",
    "%(name)s played no season of the year": "%(name)s не играл ни в одном сезоне года",
    "the sign-ups file is not UTF-8 text": "файл заявок не в кодировке UTF-8",
    "sign-ups line %(line)s: a name and a whole rating are needed":
        "строка заявок %(line)s: нужны имя и целый рейтинг",
    "a series cannot be its own member": "серия не может входить сама в себя",
    "event %(event)s is already in the series": "турнир %(event)s уже в серии",
    "event %(event)s is not in the series": "турнира %(event)s нет в серии",
    "removing a member needs a reason": "чтобы убрать турнир из серии, нужна причина",
    "event %(slug)s is a %(format)s event, not a series":
        "турнир %(slug)s формата %(format)s, а не серия",
    "event %(slug)s is a series: a series holds events, not series":
        "турнир %(slug)s сам серия: серия состоит из турниров, а не из серий",
}
