"""Message ids of the year (rules W7-1, W7-4 .. W7-15, W7-35) and of series that reach people
as data (action kinds in the log, refusals next to their field), marked so that
``pybabel extract -k N_`` puts them in the catalog (Russian:
``src/podium/locale/ru/LC_MESSAGES/messages.po``, docs/i18n.md)."""

from podium.core.views import N_

DYNAMIC = (
    N_("series.member_added"), N_("series.member_removed"),
    N_("Event added to the series"), N_("Event removed from the series"), N_("Members"),
    N_("Event"), N_("Series of events (a year of seasons, a circuit)"),
    N_("History of {player}"), N_("Series table"),
)

REFUSALS = (
    N_("%(name)s signed up twice"),
    N_("%(count)s sign-ups: the starting season needs at least %(size)s (rule W7-4)"),
    N_("the play-off of the %(place)s places is between %(names)s (rule W7-6)"),
    N_("%(name)s is barred from the next season (rules W7-19, W7-20)"),
    N_("%(name)s plays this season: not a newcomer"),
    N_("%(count)s players keep a place: more than the %(size)s places of the next season "
       "(rule W7-15)"),
    N_("%(free)s Warriors places are free and only %(count)s players can take them "
       "(%(names)s): the leagues would not have 7 each (rule W7-15)"),
    N_("%(names)s did not play the survival battles (rule W7-14)"),
    N_("%(count)s survival winners for %(free)s free Warriors places: the leagues would not "
       "have 7 each (rule W7-15)"),
    N_("changing the Warriors balance needs a reason (rule W7-13)"),
    N_("%(first)s and %(second)s are not in two different Warriors leagues"),
    N_("league %(league)s would have %(count)s players, not %(size)s: places %(places)s "
       "(rule W7-15)"),
    N_("%(name)s would play in %(first)s and %(second)s (rule W7-15)"),
    N_("event %(slug)s is a %(format)s event, not a 7 Wonders season"),
    N_("season %(slug)s is not finished: the next season's leagues follow from its places "
       "and the Battle of Titans"),
    N_("%(names)s did not play season %(slug)s"),
    N_("season %(slug)s already has its players"),
    N_("an event %(slug)s already exists"),
    N_("%(name)s played no season of the year"),
    N_("%(name)s played no event of the series"),
    N_("the sign-ups file is not UTF-8 text"),
    N_("sign-ups line %(line)s: a name and a whole rating are needed"),
    N_("a series cannot be its own member"),
    N_("event %(event)s is already in the series"),
    N_("event %(event)s is not in the series"),
    N_("removing a member needs a reason"),
    N_("event %(slug)s is a %(format)s event, not a series"),
    N_("event %(slug)s is a series: a series holds events, not series"),
)
