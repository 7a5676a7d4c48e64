"""Message ids that reach the pages as data (roles, statuses, action kinds, tiebreaker labels,
page titles), marked here so that ``pybabel extract -k N_`` puts them in the catalog."""

from podium.core.messages import Mp
from podium.core.views import N_

DYNAMIC = (
    # roles and self-report statuses
    N_("owner"), N_("judge"), N_("pending"), N_("conflict"), N_("accepted"), N_("rejected"),
    N_("Accept"), N_("Reject"),
    # action kinds of the log
    N_("event.created"), N_("player.registered"), N_("player.dropped"),
    N_("player.reinstated"), N_("settings.changed"), N_("round.paired"), N_("round.undone"),
    N_("result.entered"), N_("result.corrected"),
    # tiebreaker labels (podium.core.tiebreakers)
    N_("Pts"), N_("Elim. sum"), N_("Opp. win %"), N_("Wins"), N_("Score"), N_("Random"),
    # standings notes
    N_("champion"),
    # page titles
    N_("Log in"), N_("Manage"), N_("New event"), N_("Preview"), N_("Print"), N_("Judges"),
    N_("Player codes"), N_("Self-reports"), N_("Correct a result"), N_("Report a result"),
    N_("Log"),
    # fixed refusals of the service layer, shown on the pages in the page's language
    N_("all Swiss rounds and the final are paired: the event is complete"),
    N_("at least two active players are needed to pair a round"),
    N_("no round has been paired"), N_("no round is being played"),
    N_("only the last paired round can be undone"),
    N_("this report is already decided"), N_("this report waits for the organiser's decision"),
    N_("this player code belongs to another event"),
    N_("this player code is not known; check it with the organiser"),
    N_("you can only confirm the report of your own table"),
    N_("a correction needs a reason"), N_("no player names given"),
    N_("setting final_size: a final needs 0 (none) or 2 to 7 players"),
    N_("the CSV has no players"), N_("the file is neither UTF-8 nor Windows-1251 text"),
    N_("give your player code"),
)

# the values of choice settings, as the settings forms show them (podium.web.render.setting_value)
SETTING_VALUES = (
    Mp("setting value", "auto"), Mp("setting value", "True"), Mp("setting value", "False"),
    Mp("setting value", "yes"), Mp("setting value", "no"),
    Mp("setting value", "byes"), Mp("setting value", "short-pods"),
    Mp("setting value", "long-pods"), Mp("setting value", "swap"), Mp("setting value", "avoid"),
    Mp("setting value", "random"), Mp("setting value", "standings"),
    Mp("setting value", "reverse"), Mp("setting value", "higher_seed"),
    Mp("setting value", "named"), Mp("setting value", "written"), Mp("setting value", "goals"),
    Mp("setting value", "none"), Mp("setting value", "match"), Mp("setting value", "sum"),
    Mp("setting value", "half-up"), Mp("setting value", "down"),
    Mp("setting value", "qualified"), Mp("setting value", "all"),
    Mp("setting value", "regular"), Mp("setting value", "starting"),
    Mp("setting value", "server"),
    # tiebreakers (podium.core.tiebreakers, the formats' own)
    Mp("setting value", "points"), Mp("setting value", "elimination_sum"),
    Mp("setting value", "opponents_win_pct"), Mp("setting value", "wins"),
    Mp("setting value", "score_sum"), Mp("setting value", "buchholz"),
)

# the stages of rounds (podium.web.render.stage_name)
STAGES = (Mp("stage", "swiss"), Mp("stage", "final"), Mp("stage", "top"))

# the payload keys the log page shows (podium.web.logtext)
LOG_FIELD_NAMES = (
    Mp("log field", "round"), Mp("log field", "table"), Mp("log field", "tables"),
    Mp("log field", "entry"), Mp("log field", "winner"), Mp("log field", "draw"),
    Mp("log field", "eliminated"), Mp("log field", "survivors"), Mp("log field", "stage"),
    Mp("log field", "name"), Mp("log field", "settings"), Mp("log field", "added"),
    Mp("log field", "games"), Mp("log field", "gp"), Mp("log field", "players"),
    Mp("log field", "start"), Mp("log field", "built"), Mp("log field", "divisions"),
    Mp("log field", "key"), Mp("log field", "match"), Mp("log field", "max"),
    Mp("log field", "min"), Mp("log field", "method"), Mp("log field", "minutes"),
    Mp("log field", "place"), Mp("log field", "result"), Mp("log field", "rule"),
    Mp("log field", "seeding"), Mp("log field", "seeds"), Mp("log field", "size"),
    Mp("log field", "technical"), Mp("log field", "top"), Mp("log field", "level"),
    Mp("log field", "link"), Mp("log field", "position"), Mp("log field", "premium"),
    Mp("log field", "results"), Mp("log field", "score"), Mp("log field", "why"),
    Mp("log field", "league"), Mp("log field", "balance"), Mp("log field", "player"),
    Mp("log field", "byes"), Mp("log field", "game_losses"), Mp("log field", "simultaneous"),
    Mp("log field", "reason"), Mp("log field", "number"), Mp("log field", "kind"),
    Mp("log field", "amount"), Mp("log field", "game"), Mp("log field", "from"),
    Mp("log field", "until"), Mp("log field", "ground"), Mp("log field", "seq"),
    Mp("log field", "changed"), Mp("log field", "decider"), Mp("log field", "advances"),
    Mp("log field", "draw_rule"), Mp("log field", "text"), Mp("log field", "total"),
    Mp("log field", "duplicates"), Mp("log field", "new_players"),
    Mp("log field", "other_tables"), Mp("log field", "outside_calendar"), Mp("log field", "to"),
    Mp("log field", "overruns"), Mp("setting value", "organiser"),
)
