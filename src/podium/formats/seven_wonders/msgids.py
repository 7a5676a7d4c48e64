"""Message ids of the 7 Wonders season that reach the pages as data (action kinds in the log,
marks and statuses, the format's refusals shown next to their field), marked here so that
``pybabel extract -k N_`` puts them in the catalog (their Russian is in
``src/podium/locale/ru/LC_MESSAGES/messages.po``, docs/i18n.md)."""

from podium.core.messages import Mp
from podium.core.views import N_

DYNAMIC = (
    # action kinds of the log
    N_("seven-wonders.profile"), N_("seven-wonders.game"), N_("seven-wonders.overrun"),
    N_("seven-wonders.roll"), N_("seven-wonders.lifted"), N_("seven-wonders.special"),
    N_("seven-wonders.report"), N_("seven-wonders.confirmed"), N_("seven-wonders.disputed"),
    N_("divisions.assigned"), N_("division.moved"),
    # marks of a player in a game, self-report statuses
    N_("over time"), N_("kick"), N_("deepest in negative time"), N_("out"),
    N_("disputed"), N_("superseded"),
    # phases
    N_("League ladders"), N_("Special matches and the Battle of Titans"),
    # league and page titles built with a number
    N_("League {n}"),
    # the default table settings a premium player copies (setting site_settings)
    N_("7 Wonders, base game; the table settings of the regulation's screenshot (game speed "
       "and active time may be changed slightly by agreement with the other players and the "
       "organiser)"),
)

REFUSALS = (
    N_('%(what)s is an organiser decision and needs a reason'),
    N_('no player %(player)s in this event'),
    N_('deepest: the kicker and the player deepest in negative time are two different players '
       '(rule W7-22)'),
    N_('deepest: an unfinished game ended by the time limit needs the player deepest in '
       'negative time, or name the kicker (rule W7-21)'),
    N_('reporter: %(name)s did not play this game'),
    N_('%(name)s does not play this match; its players: %(names)s'),
    N_('the game misses %(names)s; its players are %(all)s (rule W7-2)'),
    N_('no game %(game)s: write league/number (gods/3) or a special match (fortune, will, titans)'),
    N_("%(name)s's league has begun its ladder: last season's league and place decide ties "
       '(rule W7-26) and are set before its first game'),
    N_('no league %(league)s; leagues: %(known)s'),
    N_('the special matches have begun: the ladders are closed'),
    N_('league %(league)s has %(count)s players; a league plays its ladder with %(size)s '
       '(rules W7-2, W7-15)'),
    N_('game %(game)s of league %(league)s waits for the die roll between %(names)s (rule '
       'W7-26 (4))'),
    N_('league %(league)s has played its ladder'),
    N_('the next game of league %(league)s is game %(next)s (%(size)s players), not game '
       '%(game)s (rule W7-2)'),
    N_('%(name)s did not play %(game)s: no overrun to record (rule W7-19)'),
    N_("%(name)s's overrun in %(game)s is already recorded"),
    N_('%(game)s has no tie waiting for a die roll'),
    N_('the die is rolled by %(names)s, the players still tied'),
    N_('the roll leaves %(names)s tied: roll again between them'),
    N_('%(name)s has no %(penalty)s penalty in %(game)s'),
    N_('that penalty is already lifted'),
    N_('the special matches follow the ladders; still playing: %(leagues)s'),
    N_('the %(match)s match already has its result'),
    N_('no %(match)s match this season (rule W7-6: a starting season has none; it needs two '
       'players)'),
    N_('%(name)s does not play %(game)s and cannot report it'),
    N_('%(game)s is not the game due in league %(league)s (game %(next)s is)'),
    N_('no self-report %(report)s'),
    N_('self-report %(report)s is %(status)s'),
    N_('%(name)s does not play %(game)s'),
    N_('%(name)s has already confirmed'),
    N_('self-report %(report)s is disputed: the organiser decides'),
    N_('%(name)s is listed twice in the game'),
    N_('%(field)s: %(name)s did not play this game'),
    N_('positions: %(names)s have no position (rule W7-3)'),
    N_('overruns: %(name)s did not play this game (rule W7-19)'),
    N_('overruns: %(name)s is listed twice'),
    N_('%(name)s rolled twice'),
    N_('the Fortune match decides the fourth player of the Battle of Titans: enter it first '
       '(rule W7-11)'),
    N_('%(game)s is not due'),
    N_('the leagues are set before their first game; games are entered'),
    N_('the special matches have begun'),
    N_('a 7 Wonders season has no rounds; its tables are per league'),
    N_('%(name)s does not play in league %(league)s'),
    N_('%(name)s is out of league %(league)s since game %(game)s (place %(place)s) and plays '
       'no later game (rule W7-2)'),
    N_('%(name)s has dropped out of the season; enter the game without them (they take the '
       'lowest free place)'),
    N_('league %(league)s has %(count)s players; a league has %(size)s (rules W7-2, W7-15)'),
    N_('league %(league)s has begun its ladder: its players stay'),
    N_('event %(slug)s is a %(format)s event, not a 7 Wonders season'),
    N_('nothing to record: give the level, the place, the overruns or the premium account'),
    N_('%(count)s active players: the leagues need a multiple of %(size)s (rule W7-15); give '
       'the leagues or drop the extra players'),
    N_('position of %(name)s: %(position)s is not between 1 and %(count)s'),
    N_("positions %(positions)s are not a ranking of the game's %(count)s players: tied "
       'players share a position and the next one skips (1, 1, 3) (rule W7-3)'),
    N_('setting %(key)s: give %(count)s numbers, one a place'),
    N_('setting %(key)s: the points must be between 0 and %(limit)s'),
    N_('setting %(key)s: give 1 to 20 rows of 7 points, separated by /'),
    N_('setting %(key)s: at most %(count)s numbers'),
    N_('setting %(key)s: %(value)r is not an interval like 9:00-21:00'),
    N_('setting %(key)s: %(value)r must be whole numbers separated by commas'),
    N_('setting %(key)s: at most %(limit)s characters'),
    N_('setting %(key)s: %(value)r is not a date like 2025-03-01'),
)

# The settings' help texts (podium.formats.seven_wonders.settings FIELDS).
SETTING_HELP = (
    N_('regular (Gods, Priests, two Warriors leagues) or starting (equal leagues, the league '
       'winners play the Battle of Titans)'),
    N_('place points of a regular season: 7 numbers a league level (top league first), levels '
       'separated by /'),
    N_('place points of every league of a starting season (7 numbers)'),
    N_('points of places 1, 2, 3 of the Battle of Titans'),
    N_('season points taken for each time-limit overrun'),
    N_('overruns in the year that bar a player from the next season'),
    N_('points to each player of an unfinished game but the kicker and those over time'),
    N_('other players of a game who must confirm a self-report (auto: all of them)'),
    N_("the season's first day (YYYY-MM-DD): the first games are due from it"),
    N_('days for a turn-based game of 3 to 5 players'),
    N_('days for a turn-based game of 6 or 7 players'),
    N_('active time of a turn-based game the organiser creates'),
    N_('the table settings a premium player copies when creating a game'),
)

# The choices of the settings of the open points, as the settings forms show them.
SETTING_VALUES = (
    Mp("setting value", "shift"), Mp("setting value", "match"),
    Mp("setting value", "after-dropouts"), Mp("setting value", "as-full"),
    # the choices of the organiser's forms: the special matches, the penalties (W7-11, W7-12,
    # W7-18, W7-19, W7-21)
    Mp("setting value", "fortune"), Mp("setting value", "will"), Mp("setting value", "titans"),
    Mp("setting value", "overrun"), Mp("setting value", "kick"),
)
