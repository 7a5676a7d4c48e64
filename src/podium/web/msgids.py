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
)
