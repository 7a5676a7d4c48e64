"""``/api/docs`` without the internet: Swagger UI's files from a pinned PyPI package.

FastAPI's default page loads Swagger UI from a CDN, so at a venue without internet the docs
page stays blank. The ``swagger-ui-py`` package ships Swagger UI 5 (which reads OpenAPI 3.1,
as FastAPI writes it) with its Apache 2.0 licence; its static folder is served here.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

PREFIX = "/api/docs/static"


def swagger_dir() -> Path:
    import swagger_ui

    return Path(swagger_ui.__file__).resolve().parent / "static"


def add_api_docs(app: FastAPI) -> None:
    """Mount Swagger UI's files and the docs page at ``/api/docs`` (``docs_url=None``)."""
    app.mount(PREFIX, StaticFiles(directory=swagger_dir()), name="swagger-ui")

    @app.get("/api/docs", include_in_schema=False, response_class=HTMLResponse)
    def api_docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title="podium API",
            swagger_js_url=f"{PREFIX}/swagger-ui-bundle.js",
            swagger_css_url=f"{PREFIX}/swagger-ui.css",
            swagger_favicon_url=f"{PREFIX}/favicon-32x32.png",
        )
