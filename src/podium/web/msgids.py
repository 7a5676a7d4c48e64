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
    Mp("setting value", "long-pods"), Mp("setting value", "short-pods-top"),
    Mp("setting value", "byes-or-short"), Mp("setting value", "swap"), Mp("setting value", "avoid"),
    Mp("setting value", "random"), Mp("setting value", "standings"),
    Mp("setting value", "reverse"), Mp("setting value", "higher_seed"),
    Mp("setting value", "named"), Mp("setting value", "written"), Mp("setting value", "goals"),
    Mp("setting value", "none"), Mp("setting value", "match"), Mp("setting value", "sum"),
    Mp("setting value", "half-up"), Mp("setting value", "down"),
    Mp("setting value", "qualified"), Mp("setting value", "all"),
    Mp("setting value", "regular"), Mp("setting value", "starting"),
    Mp("setting value", "server"), Mp("setting value", "fixed"), Mp("setting value", "half"),
    Mp("setting value", "off"), Mp("setting value", "while-tied"),
    Mp("setting value", "first-rounds"), Mp("setting value", "always"),
    # the chances' results model (podium.formats.settings.ODDS_MODEL)
    Mp("setting value", "uniform"), Mp("setting value", "rating"),
    # tiebreakers (podium.core.tiebreakers, the formats' own)
    Mp("setting value", "points"), Mp("setting value", "elimination_sum"),
    Mp("setting value", "opponents_win_pct"), Mp("setting value", "wins"),
    Mp("setting value", "score_sum"), Mp("setting value", "buchholz"),
)

# the stages of rounds (podium.web.render.stage_name)
STAGES = (Mp("stage", "swiss"), Mp("stage", "final"), Mp("stage", "top"))

# the payload keys the log page and `podium log` show (podium.service.logtext)
LOG_FIELD_NAMES = (
    Mp("log field", "decide_playoffs"), Mp("log field", "podium_rolls"),
    Mp("log field", "playoff_reason"), Mp("log field", "correction"),
    Mp("log field", "entries"), Mp("log field", "newcomer_order"),
    Mp("log field", "round"), Mp("log field", "table"), Mp("log field", "tables"),
    Mp("log field", "expect"),
    # the register of persons (podium.formats.people, podium.service.person_link)
    Mp("log field", "person"), Mp("log field", "aliases"), Mp("log field", "club"),
    Mp("log field", "keep"), Mp("log field", "hidden"), Mp("log field", "file"),
    Mp("log field", "output"),
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
    # people and the event's own record
    Mp("log field", "old"), Mp("log field", "names"), Mp("log field", "from_round"),
    Mp("log field", "group"),
    Mp("log field", "record"), Mp("log field", "archived"), Mp("log field", "date"),
    Mp("log field", "venue"), Mp("setting value", "new"), Mp("setting value", "same"),
    Mp("log field", "restore"), Mp("log field", "confirm"), Mp("log field", "same_record"),
    Mp("log field", "other"),
    # the register's views (ratings across events, a person's page)
    Mp("log field", "system"), Mp("log field", "since"), Mp("log field", "series"),
    Mp("log field", "person"), Mp("log field", "club"),
    # the 7 Wonders season's and year's, a series' member (no raw key in the log)
    Mp("log field", "accepted"), Mp("log field", "basis"), Mp("log field", "declined"),
    Mp("log field", "deepest"), Mp("log field", "drawn"), Mp("log field", "entrants"),
    Mp("log field", "event"), Mp("log field", "finished"), Mp("log field", "free"),
    Mp("log field", "kicker"), Mp("log field", "label"), Mp("log field", "last_season"),
    Mp("log field", "leaving"), Mp("log field", "matches"), Mp("log field", "negative_time"),
    Mp("log field", "note"), Mp("log field", "penalty"), Mp("log field", "points"),
    Mp("log field", "qualifying"), Mp("log field", "rating"), Mp("log field", "records"),
    Mp("log field", "report"), Mp("log field", "reporter"), Mp("log field", "roll"),
    Mp("log field", "rolls"), Mp("log field", "season"), Mp("log field", "seasons"),
    Mp("log field", "sides"), Mp("log field", "signup"), Mp("log field", "signups"),
    Mp("log field", "titans"), Mp("log field", "value"), Mp("log field", "previous"),
    Mp("log field", "newcomers"), Mp("log field", "survivors"), Mp("log field", "playoffs"),
    Mp("log field", "swaps"), Mp("log field", "first"), Mp("log field", "second"),
    Mp("log field", "qualification"), Mp("log field", "premium"), Mp("log field", "ids"),
    # sign-up and check-in (podium.core.signup)
    Mp("log field", "capacity"), Mp("log field", "closes"), Mp("log field", "approval"),
    Mp("log field", "club"), Mp("log field", "fields"), Mp("log field", "nickname"),
    Mp("log field", "commander"),
    # the declared commands' fields, as a refusal names them (podium.web.i18n.localise)
    Mp("log field", "accept"), Mp("log field", "answer"), Mp("log field", "assign"),
    Mp("log field", "correct"), Mp("log field", "csv"), Mp("log field", "disqualify"),
    Mp("log field", "finish"), Mp("log field", "format"), Mp("log field", "game_loss"),
    Mp("log field", "kick"), Mp("log field", "lang"), Mp("log field", "names"),
    Mp("log field", "newcomer"), Mp("log field", "no_positions"),
    Mp("log field", "no_premium"), Mp("log field", "order"), Mp("log field", "out"),
    Mp("log field", "overrun"), Mp("log field", "owner"), Mp("log field", "playoff"),
    Mp("log field", "preview"), Mp("log field", "role"), Mp("log field", "seed"),
    Mp("log field", "slug"), Mp("log field", "survivor"), Mp("log field", "swap"),
    Mp("log field", "unfinished"), Mp("log field", "username"), Mp("log field", "code"),
    Mp("log field", "q"), Mp("log field", "n"), Mp("log field", "start"),
    # the marathon's grounds of a game's disqualification (rule MJ-5), as a refusal lists them
    Mp("setting value", "left"), Mp("setting value", "absent"),
    Mp("setting value", "automoves"), Mp("setting value", "player-dq"),
    Mp("setting value", "other"),
)
