"""Writes the Russian catalog from the template and compiles both catalogs.

Run after `pybabel extract` (see docs/web.md): every msgid of messages.pot must have a Russian
translation here, or this script fails and names the missing ones.
"""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parent.parent / "src" / "podium" / "locale"

RU = {
    "public URL: give the server's address as http(s)://host[:port], for example "
    "https://results.example.org (got %(url)s)":
        "public URL: укажите адрес сервера в виде http(s)://хост[:порт], например "
        "https://results.example.org (указано %(url)s)",
    # Commander: simultaneous eliminations, the avoid policy from the preview (CMD-7, CMD-3a)
    "finish: a bracket is not closed": "итог: скобка не закрыта",
    "finish: a group in brackets names at least two seats":
        "итог: в скобках нужно не меньше двух мест",
    "finish: the winner is one seat, first": "итог: победитель — одно место, первым",
    "The regulation's swap (rule CMD-7) only looks at the previous round. The avoid policy "
    "keeps players apart who met in any earlier round.":
        "Обмен по регламенту (правило CMD-7) смотрит только на предыдущий тур. Политика "
        "«избегать» разводит игроков, встречавшихся в любом из прошлых туров.",
    "Use the avoid policy from this round on": "Со следующего тура — политика «избегать»",
    "avoid repeats of earlier rounds": "избегать повторов прошлых туров",
    # the event's end and the TOP's seeding (rules BRK-4, CMD-10)
    "Champion": "Чемпион",
    "Final standings": "Итоговая таблица",
    "Goal %(n)s": "Цель %(n)s",
    "Players moved": "Перемещено игроков",
    "Seeding": "Посев",
    "Seeding (rule BRK-4)": "Посев (правило BRK-4)",
    "What each seeding gives (rule BRK-4)": "Что даёт каждый посев (правило BRK-4)",
    "as the regulation writes it (changed only for goal 1)":
        "как написано в регламенте (меняется только ради цели 1)",
    "goals": "по целям",
    "not met": "не выполнена",
    "seeding: written or goals (rule BRK-4)": "посев: written или goals (правило BRK-4)",
    "the bracket that best meets goals 1 to 3": "сетка, лучше всего выполняющая цели 1–3",
    "written": "по регламенту",
    # concurrent writers (issue 14): a busy database, a self-report of an undone draw
    "the database is busy with other changes; nothing was stored, please send the same change "
    "again": "база данных занята другими изменениями; ничего не сохранено, отправьте то же "
    "изменение ещё раз",
    "this report was made for an earlier draw of round %(round)s; the organiser undid that draw "
    "and paired the round again: report your table's result again":
        "этот отчёт относится к прежней жеребьёвке тура %(round)s; организатор отменил её и "
        "провёл жеребьёвку заново: сообщите результат своего стола ещё раз",
    "this report was made for an earlier draw of round %(round)s, which was undone: reject it":
        "этот отчёт относится к отменённой жеребьёвке тура %(round)s: отклоните его",
    # refusals (web layer and service)
    "file: choose a CSV file with a “name” column":
        "файл: выберите CSV-файл со столбцом «name»",
    "file: the upload is larger than %(kb)s kB": "файл: загрузка больше %(kb)s КБ",
    "finish: a seat is listed twice": "итог: место указано дважды",
    "finish: seats %(seats)s are missing": "итог: не указаны места %(seats)s",
    "finish: type the seats from the winner to the first out, e.g. 2431":
        "итог: введите места от победителя до выбывшего первым, например 2431",
    "finish: “%(char)s” is not a seat number (1 to %(n)s)":
        "итог: «%(char)s» — не номер места (от 1 до %(n)s)",
    "reason: a correction needs a reason": "причина: для исправления нужна причина",
    "seed: a non-negative whole number, or empty for a random one":
        "зерно: неотрицательное целое число или пусто для случайного",
    "this format has no result form on the web": "у этого формата нет веб-формы результата",
    "username: that user owns this event":
        "имя пользователя: этот пользователь — владелец турнира",
    "all Swiss rounds and the final are paired: the event is complete":
        "все туры и финал рассажены: турнир завершён",
    "at least two active players are needed to pair a round":
        "для рассадки тура нужны хотя бы два игрока в игре",
    "no round has been paired": "ни один тур ещё не рассажен",
    "no round is being played": "сейчас не идёт ни один тур",
    "only the last paired round can be undone": "отменить можно только последний рассаженный тур",
    "this report is already decided": "по этому отчёту уже принято решение",
    "this report waits for the organiser's decision": "этот отчёт ждёт решения организатора",
    "this player code belongs to another event": "этот код игрока относится к другому турниру",
    "this player code is not known; check it with the organiser":
        "такой код игрока неизвестен; уточните его у организатора",
    "you can only confirm the report of your own table":
        "подтвердить можно только отчёт своего стола",
    "a correction needs a reason": "для исправления нужна причина",
    "no player names given": "не указано ни одного имени игрока",
    "setting final_size: a final needs 0 (none) or 2 to 7 players":
        "настройка final_size: в финале 0 (нет финала) или от 2 до 7 игроков",
    "the CSV has no players": "в CSV нет игроков",
    "the file is neither UTF-8 nor Windows-1251 text":
        "файл не в кодировке UTF-8 и не Windows-1251",
    "give your player code": "введите свой код игрока",
    "#": "№",
    "%(name)s dropped.": "%(name)s выбыл(а).",
    "%(name)s is a judge now.": "%(name)s теперь судья.",
    "%(name)s is back in.": "%(name)s снова в турнире.",
    "2431: seat 2 won, seat 1 was out first; the last seat may be left out. "
    "Draw: =24 31 (survivors, then the others).":
        "2431: победило место 2, место 1 выбыло первым; последнее место можно не вводить. "
        "Ничья: =24 31 (выжившие, затем остальные).",
    "Accept": "Принять",
    "Accounts are created on the server with: podium user create NAME":
        "Учётные записи создаются на сервере командой: podium user create ИМЯ",
    "Add": "Добавить",
    "Add players, one name a line (after round 1 they enter late, with 0 points)":
        "Добавить игроков, по одному имени в строке (после 1-го тура — поздняя регистрация, "
        "0 очков)",
    "Back": "Назад",
    "Back to the event": "К турниру",
    "By name": "По именам",
    "Byes": "Баи",
    "Bye this round": "Бай в этом туре",
    "Code": "Код",
    "Confirm": "Подтвердить",
    "Confirmed by": "Подтвердили",
    "Confirmed by everyone: the result is in.": "Все подтвердили: результат записан.",
    "Correct a result": "Исправить результат",
    "Correct round %(r)s, table %(t)s": "Исправить тур %(r)s, стол %(t)s",
    "Create": "Создать",
    "Created": "Создан",
    "Decision saved.": "Решение сохранено.",
    "Details": "Подробности",
    "Dispute": "Оспорить",
    "Drop": "Снять",
    "Each player reports their own table's result at %(url)s with their code.":
        "Каждый игрок сообщает результат своего стола на странице %(url)s со своим кодом.",
    "Earlier rounds (corrections)": "Прошлые туры (исправления)",
    "Elim. sum": "Сумма выбыв.",
    "Event": "Турнир",
    "Event id (in addresses)": "Идентификатор турнира (в адресах)",
    "Events": "Турниры",
    "Find my table": "Найти мой стол",
    "Finish: seats from the winner to the first out":
        "Итог: места от победителя до выбывшего первым",
    "Format": "Формат",
    "Game loss for %(name)s, reason (rule CMD-14)":
        "Техническое поражение для %(name)s, причина (правило CMD-14)",
    "Granted by": "Кем выдано",
    "Hello, %(name)s.": "Здравствуйте, %(name)s.",
    "Import": "Импортировать",
    "Import a CSV with a “name” column (UTF-8 or Windows-1251)":
        "Импорт CSV со столбцом «name» (UTF-8 или Windows-1251)",
    "Invite": "Пригласить",
    "Invite a judge by username": "Пригласить судью по имени пользователя",
    "Judges": "Судьи",
    "Language": "Язык",
    "Log": "Журнал",
    "Log in": "Войти",
    "Log of %(name)s": "Журнал: %(name)s",
    "Log out": "Выйти",
    "Manage": "Управление",
    "More: simultaneous win, game losses": "Ещё: одновременная победа, технические поражения",
    "Name": "Название",
    "New event": "Новый турнир",
    "No event yet.": "Турниров пока нет.",
    "No round has been paired yet.": "Ни один тур ещё не рассажен.",
    "No self-report waits for a decision.": "Нет отчётов игроков, ждущих решения.",
    "No table found for “%(q)s”.": "Стол для «%(q)s» не найден.",
    "No table to show yet.": "Таблиц пока нет.",
    "Not allowed": "Нет доступа",
    "Not found": "Не найдено",
    "Not now": "Сейчас нельзя",
    "Note": "Примечание",
    "Nothing is stored until you pair the round.":
        "Ничего не сохраняется, пока вы не рассадите тур.",
    "Nothing was stored.": "Ничего не сохранено.",
    "Now": "Сейчас",
    "Opp. win %": "% побед соп.",
    "Organiser login": "Вход для организатора",
    "Pair the next round": "Рассадить следующий тур",
    "Pair this round": "Рассадить этот тур",
    "Pairings": "Рассадка",
    "Password": "Пароль",
    "Place": "Место",
    "Player": "Игрок",
    "Player codes": "Коды игроков",
    "Players": "Игроки",
    "Players added: %(n)s": "Добавлено игроков: %(n)s",
    "Players imported: %(n)s": "Импортировано игроков: %(n)s",
    "Please check the input": "Проверьте ввод",
    "Points": "Очки",
    "Preview": "Предпросмотр",
    "Preview of round %(number)s": "Предпросмотр тура %(number)s",
    "Preview the next round": "Предпросмотр следующего тура",
    "Print": "Печать",
    "Print pairings": "Печать рассадки",
    "Print result slips": "Печать бланков результатов",
    "Pts": "Очки",
    "Public page": "Публичная страница",
    "Random": "Жребий",
    "Rank": "Место",
    "Reason": "Причина",
    "Reason (logged)": "Причина (в журнал)",
    "Reinstate": "Вернуть",
    "Reject": "Отклонить",
    "Remove": "Убрать",
    "Repeat": "Повтор",
    "Repeated pairs in this round: %(n)s": "Повторных встреч в этом туре: %(n)s",
    "Report a different result": "Сообщить другой результат",
    "Report a result": "Сообщить результат",
    "Report the result": "Сообщить результат",
    "Report your table's result at %(url)s": "Сообщите результат своего стола на %(url)s",
    "Reported by": "Сообщил(а)",
    "Reported by %(name)s": "Сообщил(а) %(name)s",
    "Result": "Результат",
    "Role": "Роль",
    "Round": "Тур",
    "Round %(n)s paired.": "Тур %(n)s рассажен.",
    "Round %(n)s undone.": "Тур %(n)s отменён.",
    "Round %(number)s": "Тур %(number)s",
    "Round %(r)s, table %(t)s corrected.": "Тур %(r)s, стол %(t)s исправлен.",
    "Rounds": "Туры",
    "Save": "Сохранить",
    "Scan to follow this page": "Отсканируйте, чтобы следить за этой страницей",
    "Score": "Счёт",
    "Seat": "Место за столом",
    "Seat %(n)s": "Место %(n)s",
    "Seed (empty: random, recorded)": "Зерно жеребьёвки (пусто: случайное, записывается)",
    "Self-reports": "Отчёты игроков",
    "Settings (the regulation's defaults)": "Настройки (по умолчанию — из регламента)",
    "Show its settings": "Показать настройки",
    "Settings": "Настройки",
    "Settings changed.": "Настройки изменены.",
    "Change from the next round on": "Изменить со следующего тура",
    "Show my table": "Показать мой стол",
    "Signature": "Подпись",
    "Standings": "Турнирная таблица",
    "Status": "Статус",
    "Swiss rounds (auto: CMD-11 formula)": "Туров по швейцарской системе (auto: формула CMD-11)",
    "Table": "Стол",
    "Table %(n)s saved.": "Стол %(n)s сохранён.",
    "Table %(number)s": "Стол %(number)s",
    "Thank you: the other players of your table now confirm it.":
        "Спасибо: теперь остальные игроки стола его подтвердят.",
    "The form has expired or was not sent from this page: reload the page and try again.":
        "Форма устарела или отправлена не с этой страницы: обновите страницу и попробуйте снова.",
    "The organiser rejected this report.": "Организатор отклонил этот отчёт.",
    "The reports differ: the organiser decides.": "Отчёты расходятся: решает организатор.",
    "The result is in:": "Результат записан:",
    "This format has no result form here: enter results with the CLI or the API.":
        "У этого формата нет формы результата здесь: вводите результаты через CLI или API.",
    "Undo round %(n)s": "Отменить тур %(n)s",
    "User": "Пользователь",
    "Username": "Имя пользователя",
    "W-D-L": "П-Н-П",
    "Waiting for the other players to confirm.": "Ждём подтверждения остальных игроков.",
    "What": "Что",
    "What is wrong?": "Что не так?",
    "When": "Когда",
    "Who": "Кто",
    "Why": "Почему",
    "Winner, then the others from the last out to the first out. Draw: mark the survivors.":
        "Победитель, затем остальные от выбывшего последним к выбывшему первым. "
        "Ничья: отметьте выживших.",
    "Wins": "Победы",
    "Wrong username or password.": "Неверное имя пользователя или пароль.",
    "You have no table in round %(n)s.": "У вас нет стола в туре %(n)s.",
    "You run no event yet. Create one, or ask an event's owner to invite you as a judge.":
        "Вы пока не ведёте турниров. Создайте турнир или попросите владельца пригласить вас "
        "судьёй.",
    "Your code": "Ваш код",
    "Your events": "Ваши турниры",
    "Your name": "Ваше имя",
    "Your player code": "Ваш код игрока",
    "Your report differs from another one: the organiser decides.":
        "Ваш отчёт расходится с другим: решает организатор.",
    "Your role": "Ваша роль",
    "Your session has expired: log in again.": "Сеанс истёк: войдите снова.",
    "accepted": "принят",
    "active": "в игре",
    "champion": "чемпион",
    "complete": "завершён",
    "conflict": "расхождение",
    "correct": "исправить",
    "default": "по умолчанию",
    "disqualify": "дисквалифицировать",
    "dropped": "выбыл",
    "event.created": "турнир создан",
    "judge": "судья",
    "late entry after round %(n)s": "поздняя регистрация после тура %(n)s",
    "new": "новый",
    "owner": "владелец",
    "pending": "ждёт подтверждения",
    "player.dropped": "игрок снят",
    "player.registered": "игрок зарегистрирован",
    "player.reinstated": "игрок возвращён",
    "players in the final pod (0: no final)": "игроков в финальном столе (0: без финала)",
    "players per pod": "игроков за столом",
    "points for a bye": "очки за бай",
    "points for a loss": "очки за поражение",
    "points for a win": "очки за победу",
    "points for each survivor of a draw": "очки каждому выжившему при ничьей",
    "rejected": "отклонён",
    "repeat handling": "обработка повторных встреч",
    "result in": "результат есть",
    "result.corrected": "результат исправлен",
    "result.entered": "результат введён",
    "round.paired": "тур рассажен",
    "round.undone": "тур отменён",
    "rounds": "туры",
    "rule": "правило",
    "settings.changed": "настройки изменены",
    "simultaneous win (rule CMD-4a)": "одновременная победа (правило CMD-4a)",
    "tiebreakers after points, in order": "дополнительные показатели после очков, по порядку",
    "waiting for tables %(t)s": "ждём столы %(t)s",
    "what leftover players get": "что получают лишние игроки",
}


def format_catalogs() -> dict[str, str]:
    """Each format keeps its Russian in its own ``tools/ru_format_<name>.py`` (a dict ``RU``), so
    formats add translations without touching the shared table."""
    extra: dict[str, str] = {}
    for path in sorted(Path(__file__).resolve().parent.glob("ru_format_*.py")):
        extra.update(runpy.run_path(str(path))["RU"])
    return extra


def main() -> int:
    RU.update(format_catalogs())
    with open(LOCALE / "messages.pot", "rb") as handle:
        template = read_po(handle)
    missing = []
    for lang, table in (("ru", RU), ("en", {})):
        catalog = Catalog(locale=lang, project="podium", fuzzy=False)
        for message in template:
            if not message.id:
                continue
            text = table.get(message.id, "") if lang == "ru" else ""
            if lang == "ru" and not text:
                missing.append(message.id)
            catalog.add(message.id, text)
        folder = LOCALE / lang / "LC_MESSAGES"
        folder.mkdir(parents=True, exist_ok=True)
        with open(folder / "messages.po", "wb") as handle:
            write_po(handle, catalog, omit_header=False, sort_output=True, width=100)
        with open(folder / "messages.mo", "wb") as handle:
            write_mo(handle, catalog)
    if missing:
        print("missing Russian translations:", *missing, sep="\n  ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
