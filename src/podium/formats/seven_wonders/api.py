"""``/api/v1/events/{slug}/sw/...`` (placeholder, completed below)."""

from fastapi import APIRouter

router = APIRouter(prefix="/api/v1", tags=["7 wonders"])
