"""Russian for Berserk (regulation BRK) and the TOP after any format: the web plug-ins
(podium.formats.berserk.web, podium.web.top), their templates and the views' labels.
Merged by tools/ru_catalog.py."""

RU = {
    "%(m)s minutes per game (rule BRK-7)": "%(m)s мин. на игру (правило BRK-7)",
    "1 or 2: that player won; = a draw (the draw rule decides, rule BRK-5); =1 or =2: a draw, "
    "that player advances.":
        "1 или 2: победил этот игрок; = ничья (решает правило ничьей, BRK-5); =1 или =2: "
        "ничья, проходит этот игрок.",
    "1 or 2: that seat won; =: a draw; t1 or t2: a technical win for that seat (rule BRK-8).":
        "1 или 2: победило это место; =: ничья; t1 или t2: техническая победа этого места "
        "(правило BRK-8).",
    "A correction is possible while the next match has no result.":
        "Исправить можно, пока у следующего матча нет результата.",
    "Advances": "Проходит",
    "After a draw (rule BRK-5)": "После ничьей (правило BRK-5)",
    "Build the TOP": "Собрать ТОП",
    "Build this TOP": "Собрать этот ТОП",
    "Champion: %(name)s": "Чемпион: %(name)s",
    "Correct": "Исправить",
    "Correct a TOP result": "Исправить результат ТОПа",
    "Undo the TOP": "Отменить ТОП",
    "The TOP is undone; it can be built again.": "ТОП отменён; его можно построить заново.",
    "Possible while no TOP match has a result; the log keeps the TOP and its undo.":
        "Возможно, пока ни у одного матча ТОПа нет результата; журнал сохраняет и ТОП, "
        "и его отмену.",
    "Draft table %(n)s": "Драфт-стол %(n)s",
    "Draft table {number}": "Драфт-стол {number}",
    "Draft tables": "Драфт-столы",
    "Draft tables (empty: the setting, else the fewest that fit)":
        "Драфт-столов (пусто: из настроек, иначе наименьшее подходящее число)",
    "Draft tables drawn.": "Драфт-столы разыграны.",
    "Draw the draft tables": "Разыграть драфт-столы",
    "Draw them again": "Разыграть заново",
    "Final": "Финал",
    "Goal %(n)s (rule BRK-4)": "Цель %(n)s (правило BRK-4)",
    "Match": "Матч",
    "Match %(n)s": "Матч %(n)s",
    "Minutes per game (rule BRK-7)": "Минут на игру (правило BRK-7)",
    "NOT met": "НЕ выполнена",
    "No TOP match is ready to play.": "Ни один матч ТОПа ещё не готов к игре.",
    "Nothing is stored until you build the TOP.": "Ничего не сохраняется, пока вы не соберёте ТОП.",
    "One table: the seeds follow the standings (rules BRK-1, BRK-2).":
        "Один стол: посев по турнирной таблице (правила BRK-1, BRK-2).",
    "Opponent": "Соперник",
    "Players in the TOP": "Игроков в ТОПе",
    "Preview of the TOP": "Предпросмотр ТОПа",
    "Preview the TOP": "Предпросмотр ТОПа",
    "Qualified from": "Откуда прошёл",
    "Quarter-finals": "Четвертьфиналы",
    "Seed": "Посев",
    "Seeded from the standings (rules BRK-1 .. BRK-4). Preview first: nothing is stored until "
    "you build it.":
        "Посев по турнирной таблице (правила BRK-1 .. BRK-4). Сначала предпросмотр: ничего не "
        "сохраняется, пока вы не соберёте ТОП.",
    "Seeding goals": "Цели посева",
    "Semi-finals": "Полуфиналы",
    "Swiss rounds (auto: 3, or 4 when most tables have 8 or more)":
        "Туров по швейцарской системе (auto: 3, или 4, если у большинства столов 8 и больше "
        "игроков)",
    "TOP": "ТОП",
    "TOP of %(n)s": "ТОП-%(n)s",
    "TOP result corrected.": "Результат ТОПа исправлен.",
    "TOP result saved.": "Результат ТОПа сохранён.",
    "TOP results": "Результаты ТОПа",
    "TOP seeds": "Посев ТОПа",
    "Team Sealed: none (duels), match (3-0 / 1-1) or sum of the two games":
        "Командный силед: none (дуэли), match (3-0 / 1-1) или sum (сумма двух игр)",
    "Team Sealed: the two games, then the deciding game if they are level: 1 D, 1 2 D; each "
    "game 1, 2, D (a draw), T1 or T2 (rule BRK-9).":
        "Командный силед: две игры, затем решающая, если счёт равный: 1 D, 1 2 D; каждая игра "
        "1, 2, D (ничья), T1 или T2 (правило BRK-9).",
    "The TOP has not been built yet.": "ТОП ещё не собран.",
    "The TOP is built.": "ТОП собран.",
    "The players are drawn into draft tables of %(lo)s to %(hi)s, as even as possible, before "
    "round 1 (rules BRK-6, BRK-10).":
        "Перед 1-м туром игроки жеребьёвкой делятся на драфт-столы от %(lo)s до %(hi)s "
        "человек, как можно ровнее (правила BRK-6, BRK-10).",
    "a draw: the higher seed advances (rule BRK-5)":
        "ничья: проходит игрок с более высоким посевом (правило BRK-5)",
    "a draw: the judge names who advances (rule BRK-5)":
        "ничья: судья называет, кто проходит (правило BRK-5)",
    "bye": "бай",
    "corrected": "исправлено",
    "draft tables (auto: the fewest of at most max_table players)":
        "драфт-столов (auto: наименьшее число столов не больше max_table игроков)",
    "draw: %(name)s advances (rule BRK-5)": "ничья: проходит %(name)s (правило BRK-5)",
    "fewest players at a draft table": "наименьшее число игроков за драфт-столом",
    "met": "выполнена",
    "minutes per game before the TOP": "минут на игру до ТОПа",
    "minutes per game in the TOP": "минут на игру в ТОПе",
    "most players at a draft table": "наибольшее число игроков за драфт-столом",
    "players in the TOP": "игроков в ТОПе",
    "points for a bye (odd table)": "очки за бай (нечётный стол)",
    "points for a draw": "очки за ничью",
    "points for a technical loss": "очки за техническое поражение",
    "points for a technical win": "очки за техническую победу",
    "the higher seed advances": "проходит более высокий посев",
    "the judge names who advances": "судья называет, кто проходит",
    "who advances after a draw in the TOP": "кто проходит после ничьей в ТОПе",
    # refusals of the web forms (podium.formats.berserk.web, podium.web.top)
    "%(name)s: a whole number from %(low)s to %(high)s":
        "%(name)s: целое число от %(low)s до %(high)s",
    "draw_rule: higher_seed or named (rule BRK-5)":
        "правило ничьей: higher_seed или named (правило BRK-5)",
    "match: the TOP’s matches are 1 to %(n)s": "матч: в ТОПе матчи с 1 по %(n)s",
    "match: the number of a TOP match": "матч: введите номер матча ТОПа",
    "result: 1 or 2 (that player won), = (a draw: the TOP’s draw rule decides, rule BRK-5), "
    "=1 or =2 (a draw, that player advances as the judge names)":
        "результат: 1 или 2 (победил этот игрок), = (ничья: решает правило ничьей ТОПа, "
        "BRK-5), =1 или =2 (ничья, проходит этот игрок по решению судьи)",
    "result: a Berserk game is a duel of two players":
        "результат: игра в Берсерк — дуэль двух игроков",
    "result: match %(n)s has no player %(side)s yet":
        "результат: в матче %(n)s ещё нет игрока %(side)s",
    "result: “%(text)s” is not a duel result: 1 or 2 (that seat won), = (a draw), t1 or t2 "
    "(a technical win, rule BRK-8)":
        "результат: «%(text)s» — не результат дуэли: 1 или 2 (победило это место), = (ничья), "
        "t1 или t2 (техническая победа, правило BRK-8)",
    "result: “%(text)s” is not two games and maybe the deciding game (Team Sealed, rule "
    "BRK-9): e.g. 1 D or 1 2 D; each game 1, 2, D, T1 or T2":
        "результат: «%(text)s» — не две игры и, возможно, решающая (командный силед, правило "
        "BRK-9): например 1 D или 1 2 D; каждая игра 1, 2, D, T1 или T2",
    "tables: a whole number of draft tables, at least 1 (or empty)":
        "столы: целое число драфт-столов, не меньше 1 (или пусто)",
}
