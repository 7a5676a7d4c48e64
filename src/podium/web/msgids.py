"""Message ids that reach the pages as data (roles, statuses, action kinds, tiebreaker labels,
page titles), marked here so that ``pybabel extract -k N_`` puts them in the catalog."""

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
