"""``podium serve`` and the account commands: ``podium user create|grant|revoke|token``."""

from __future__ import annotations

import getpass
import sys

import click

from podium.core import codes as refusal_codes
from podium.core.errors import InvalidInput
from podium.core.messages import Mp
from podium.core.views import N_
from podium.service.accounts import MAX_TOKEN_DAYS, TOKEN_DAYS, AccountService
from podium.store.db import Database, resolve_url

SERVE_HELP = N_("Serve the organiser pages, the public pages and the JSON API.")
TOKEN_STATES = {"active": Mp("token state", "active"), "expired": Mp("token state", "expired"),
                "revoked": Mp("token state", "revoked")}


def check_port(host: str, port: int) -> None:
    """Refuse a port another program listens on, naming it (uvicorn would print its address
    and then only its own bare error)."""
    import socket

    from podium.core.errors import Conflict

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError:
        return  # a host uvicorn itself will refuse with its reason
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError:
            raise Conflict(N_("port %(port)s on %(host)s is taken by another program; "
                                 "stop it or choose another port with --port"),
                              code=refusal_codes.SERVE_PORT_TAKEN, field="port", port=port,
                              host=host) from None


def register(cli: click.Group) -> None:
    """Add ``serve`` and ``user`` to the root group."""
    from rich.markup import escape

    from podium.cli.base import Context, console, guarded, pass_ctx
    from podium.cli.lang import tr
    from podium.cli.lazy import KERNEL
    from podium.cli.localised import LocalisedCommand, LocalisedGroup
    from podium.core.messages import M

    @cli.command(cls=LocalisedCommand, help=SERVE_HELP)
    @click.option("--host", default="127.0.0.1", show_default=True,
                  help=N_("Address to listen on (0.0.0.0: every network of the laptop)."))
    @click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True,
                  help=N_("Port to listen on."))
    @click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
                  help=N_("Server processes (a server with several cores may use more)."))
    @click.option("--poll", type=click.IntRange(1, 600), default=5, show_default=True,
                  help=N_("Seconds between live refreshes of the public pages."))
    @click.option("--secure-cookies", is_flag=True,
                  help=N_("Send cookies over HTTPS only (behind a TLS proxy)."))
    @click.option("--public-url", envvar="PODIUM_PUBLIC_URL", metavar="URL",
                  help=N_("The address visitors use (https://results.example.org): QR codes "
                          "and links are built from it, never from a request's Host header. "
                          "[env: PODIUM_PUBLIC_URL]"))
    @click.option("--allowed-host", "allowed_host", multiple=True, metavar="NAME",
                  help=N_("A Host name to answer besides the defaults (repeatable). The "
                          "defaults are always answered: the public URL's host and localhost, "
                          "127.0.0.1 and [::1]; this adds to them, never replaces them. "
                          "Without a public URL and without this option any host is "
                          "answered. [env: PODIUM_ALLOWED_HOSTS, comma-separated]"))
    @click.option("--behind-proxy", is_flag=True,
                  help=N_("Served over HTTPS by a TLS proxy on this machine: Secure cookies, "
                          "Strict-Transport-Security, the client address from the last "
                          "X-Forwarded-For entry (the one the proxy appended)."))
    @pass_ctx
    @guarded
    def serve(ctx: Context, host: str, port: int, workers: int, poll: int,
              secure_cookies: bool, behind_proxy: bool, public_url: str | None,
              allowed_host: tuple[str, ...]) -> None:
        """The pages and the API, served by uvicorn (its help: ``SERVE_HELP``)."""
        import os

        import uvicorn

        from podium.web.hosts import ALLOWED_HOSTS_ENV, PUBLIC_URL_ENV, public_origin

        origin = public_origin(public_url)  # refused here, before anything starts
        check_port(host, port)  # a taken port said plainly, before the address is printed
        os.environ[PUBLIC_URL_ENV] = origin or ""
        if allowed_host:
            os.environ[ALLOWED_HOSTS_ENV] = ",".join(allowed_host)
        url = resolve_url(ctx.db_arg)
        Database(url).dispose()  # migrate once, before the workers start
        os.environ["PODIUM_SERVE_DB"] = url
        os.environ["PODIUM_SERVE_POLL"] = str(poll)
        os.environ["PODIUM_SERVE_SECURE"] = "1" if secure_cookies or behind_proxy else ""
        console.print(escape(tr(M("podium on %(url)s  (organisers: /manage, API: /api/docs)",
                                  url=f"http://{host}:{port}/"))), highlight=False)
        # the proxy's headers are read by podium itself (podium.web.proxy: from the local
        # proxy only, its appended X-Forwarded-For entry), never by uvicorn, whose choice of
        # entry depends on its version and FORWARDED_ALLOW_IPS: that address keys the
        # login and player-code throttling
        os.environ["PODIUM_SERVE_PROXY"] = "1" if behind_proxy else ""
        uvicorn.run("podium.web.serve:app", factory=True, host=host, port=port,
                    workers=workers, log_level="warning", access_log=False,
                    proxy_headers=False)

    @cli.group(cls=LocalisedGroup, help=KERNEL["user"])
    def user() -> None:
        """``podium user``: its commands follow."""

    def accounts(ctx: Context) -> AccountService:
        return AccountService(ctx.service.db)

    @user.command("create", help=N_("Create an organiser account (the password is asked for, "
                                    "or read from stdin)."))
    @click.argument("username")
    @click.option("--password-stdin", is_flag=True,
                  help=N_("Read the password from standard input."))
    @pass_ctx
    @guarded
    def user_create(ctx: Context, username: str, password_stdin: bool) -> None:
        if password_stdin:
            password = sys.stdin.readline().rstrip("\n")
        else:
            password = getpass.getpass(tr(M("Password: ")))
            if getpass.getpass(tr(M("Again: "))) != password:
                raise InvalidInput("the two passwords differ",
                                   code=refusal_codes.USER_PASSWORDS_DIFFER)
        created = accounts(ctx).create_user(username, password)
        console.print(escape(tr(M("User %(name)s created.", name=created.username))),
                      highlight=False)

    @cli.command("codes", cls=LocalisedCommand, help=KERNEL["codes"])
    @click.argument("slug")
    @pass_ctx
    @guarded
    def codes(ctx: Context, slug: str) -> None:
        from podium.cli.views import print_seen, read_view

        print_seen(read_view(ctx, "codes", slug, {}))

    @user.command("token", help=N_("Create an API bearer token for USERNAME (printed once), "
                                   "or --list / --revoke ID."))
    @click.argument("username")
    @click.option("--label", default="", help=N_("What the token is for."))
    @click.option("--days", type=click.IntRange(1, MAX_TOKEN_DAYS), default=TOKEN_DAYS,
                  show_default=True, help=N_("Days until the new token expires."))
    @click.option("--list", "listing", is_flag=True,
                  help=N_("List USERNAME's tokens (id, state, expiry, label) instead."))
    @click.option("--revoke", "revoke_id", type=click.IntRange(1, 2**31 - 1), metavar="ID",
                  help=N_("Revoke USERNAME's token ID (see --list) instead."))
    @pass_ctx
    @guarded
    def user_token(ctx: Context, username: str, label: str, days: int, listing: bool,
                   revoke_id: int | None) -> None:
        if listing and revoke_id is not None:
            raise InvalidInput("use --list or --revoke, not both",
                               code=refusal_codes.INPUT_EXCLUSIVE)
        if listing:
            for t in accounts(ctx).tokens(username):
                expires = tr(M("expires %(when)s UTC", when=f"{t.expires_at:%Y-%m-%d %H:%M}"))
                created = tr(M("created %(when)s", when=f"{t.created_at:%Y-%m-%d}"))
                state = tr(TOKEN_STATES.get(t.state, t.state))
                click.echo(f"#{t.id}\t{state}\t{expires}"
                           f"\t{created}\t{t.label}")
            return
        if revoke_id is not None:
            accounts(ctx).revoke_token(username, revoke_id)
            console.print(escape(tr(M("Token #%(id)s of %(name)s revoked.", id=revoke_id,
                                      name=username))), highlight=False)
            return
        click.echo(accounts(ctx).create_token(username, label, days))
