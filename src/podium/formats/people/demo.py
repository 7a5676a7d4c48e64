"""``podium demo circuit``: three Commander nights of one club, their players linked to the
persons of the register, then the rating across them (:mod:`podium.service.ratings`).

Twelve persons; each night ten or eleven of them come (a different one or two stay home), are
seated by the Commander pairing and their pods played by the simulator (the Commander demo's
seat advantage). The register (``people``) is created if missing; the demo's persons and links
are added to it once. Prints the rating table and the address of the best person's page."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from podium.core import inputs
from podium.core.commands import Param
from podium.core.demos import DemoCall, DemoSpec, Stored
from podium.core.errors import Conflict, NotFound
from podium.core.messages import M
from podium.core.rng import rng_for
from podium.core.views import N_

DEMO_ACTOR = "demo"
PERSONS = ("Anna Petrova", "Boris Ivanov", "Vera Smirnova", "Gleb Kuznetsov", "Daria Popova",
           "Egor Sokolov", "Zhanna Lebedeva", "Ilya Kozlov", "Kira Novikova", "Lev Morozov",
           "Maria Volkova", "Nikita Zaitsev")
NIGHTS = 3


def night_slug(seed: int, night: int) -> str:
    return f"demo-circuit-{seed}-{night}"


def invoke(service: Any, command: str, slug: str, **fields: Any) -> Any:
    """A declared command as the command line runs it (the register's, the links')."""
    from podium.core.commands import CLI, TEXT, Caller
    from podium.service.catalog import Invocation

    return service.execute(Invocation(command, slug, fields, TEXT, CLI),
                           Caller(actor=DEMO_ACTOR, local=True))


def persons_of(service: Any) -> dict[str, int]:
    """The demo's persons in the register (added when missing; the register is made by its
    first command)."""
    from podium.formats.people.book import book_of
    from podium.formats.people.rules import REGISTRY

    try:
        book = book_of(service.load(REGISTRY).state)
    except NotFound:
        book = None
    for name in PERSONS:
        if book is None or book.by_name(name) is None:
            invoke(service, "people.add", REGISTRY, name=name, club="Demo club")
    book = book_of(service.load(REGISTRY).state)
    return {name: book.by_name(name).id for name in PERSONS}  # type: ignore[union-attr]


def play_night(service: Any, slug: str, name: str, day: str, names: Sequence[str],
               seed: int) -> None:
    """One Commander night: created afresh, played through the kernel's commands."""
    from podium.formats.commander.rules import COMMANDER
    from podium.store.repository import EventRepository

    with service.db.session() as session:
        repo = EventRepository(session)
        old = repo.find(slug)
        if old is not None:
            repo.delete(old.id)
    settings = {"rounds": 3, "fewer_rounds": True, "final_size": 0}
    service.create_event(slug, name, "commander", settings, DEMO_ACTOR, seed)
    service.invoke("event.details", slug, {"date": day, "venue": "Demo club"}, DEMO_ACTOR)
    service.add_players(slug, list(names), DEMO_ACTOR)
    rng = rng_for(seed, "demo-results")
    while True:
        try:
            _state, rnd = service.pair_round(slug, DEMO_ACTOR)
        except Conflict:
            break
        for table in rnd.tables:
            service.enter_result(slug, table.number,
                                 COMMANDER.sample_result(None, None, table, rng),  # type: ignore[arg-type]
                                 DEMO_ACTOR)


def run(call: DemoCall) -> Iterator[Any]:
    from podium.core.commands import CLI, TEXT, Caller
    from podium.formats.people.rules import REGISTRY
    from podium.service.catalog import Invocation

    service, seed = call.service, call["seed"]
    persons = persons_of(service)
    rng = rng_for(seed, "demo-circuit")
    for night in range(1, NIGHTS + 1):
        call.progress(M("Night %(n)s", n=night), night - 1, NIGHTS)
        home = set(rng.sample(PERSONS, rng.choice((1, 2))))
        names = [n for n in PERSONS if n not in home]
        slug = night_slug(seed, night)
        play_night(service, slug, call.named(M("Commander night %(n)s", n=night)),
                   f"2026-0{night}-15", names, seed + night)
        # each night's players linked to the persons of the same name, as an organiser
        # confirms the suggestions with one command
        invoke(service, "person.link-all", slug)
    call.progress(M("Ratings"), NIGHTS, NIGHTS)
    seen = service.read(Invocation("people.ratings", REGISTRY, {"system": "commander"}, TEXT,
                                   CLI), Caller(actor=DEMO_ACTOR, local=True))
    yield seen.value
    best = seen.value.rows[0]["person_id"] if seen.value.rows else persons[PERSONS[0]]
    yield M("A person's page: /p/%(person)s (podium serve, then open it).", person=best)
    yield Stored(night_slug(seed, NIGHTS),
                 M("try `podium rating list commander` or `podium rating show %(person)s`.",
                   person=best))


DEMO = DemoSpec(
    "circuit", N_("Simulate three Commander nights of a club and print the rating across "
                  "them"), run,
    params=(Param("seed", inputs.Integer(0), N_("The seed of the random draws."), default=1),),
)
