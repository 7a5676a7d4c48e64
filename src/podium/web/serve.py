"""The application factory uvicorn imports in ``podium serve`` (one per worker process): an
entry point, so it composes the application (:mod:`podium.compose`)."""

from __future__ import annotations

import os

from fastapi import FastAPI

from podium.compose import web_app
from podium.web.hosts import ALLOWED_HOSTS_ENV, PUBLIC_URL_ENV


def app() -> FastAPI:
    from podium.core.gcpause import freeze_loaded_states

    freeze_loaded_states()  # the API's writers load states too (the pages: ViewCache)
    return web_app(
        os.environ["PODIUM_SERVE_DB"],
        poll_seconds=int(os.environ.get("PODIUM_SERVE_POLL", "5")),
        secure_cookies=bool(os.environ.get("PODIUM_SERVE_SECURE")),
        behind_proxy=bool(os.environ.get("PODIUM_SERVE_PROXY")),
        freeze_gc=True,
        # pages from states of their own (a write never waits for one) unless memory is tight
        page_states=os.environ.get("PODIUM_PAGE_STATES", "1") != "0",
        # a page read before is rebuilt by a builder thread, never by its readers
        background_pages=os.environ.get("PODIUM_BACKGROUND_PAGES", "1") != "0",
        public_url=os.environ.get(PUBLIC_URL_ENV) or None,
        allowed_hosts=[h for h in os.environ.get(ALLOWED_HOSTS_ENV, "").split(",") if h.strip()],
        # PostgreSQL: hear other servers' writes at once; 0 leaves only the 0.25 s re-read
        # (a diagnosis, the benchmark's comparison)
        listen=os.environ.get("PODIUM_LISTEN", "1") != "0",
    )
