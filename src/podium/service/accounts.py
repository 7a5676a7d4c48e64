"""Organiser accounts: users, login sessions, API tokens and per-event roles.

Passwords are stored only as argon2 hashes; session cookies and API tokens only as their
SHA-256 (a stolen database reveals neither). Logins are not event actions: the event's log
records what organisers do, with their username as the actor.

Roles are per event: the ``owner`` (who created or claimed the event) and the ``judge``s the
owner invites by username. Both run the event; only the owner manages its judges.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from podium.core import codes
from podium.core.errors import Conflict, InvalidInput, NotFound, PodiumError
from podium.core.views import N_
from podium.service import hashing
from podium.service.events import Clock, utc_now
from podium.service.throttle import Client, Gate, login_gate
from podium.store.db import Database
from podium.store.models import (
    USERNAME_LENGTH,
    ApiTokenRow,
    EventRoleRow,
    EventRow,
    UserRow,
    WebSessionRow,
)
from podium.store.repository import EventRepository, StoredToken

OWNER = "owner"
JUDGE = "judge"
ROLES = (OWNER, JUDGE)
SESSION_TTL = timedelta(hours=12)
MIN_PASSWORD = 8
USERNAME_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
TOKEN_PREFIX = "pod_"
TOKEN_DAYS = 90  # the default lifetime of an API token
MAX_TOKEN_DAYS = 3650

_hasher = PasswordHasher()
# An unknown name is verified against a dummy hash (so it costs as long as a wrong password),
# made on first use, and every hash runs behind a small gate: podium.service.hashing.


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class User:
    id: int
    username: str


@dataclass(frozen=True)
class WebSession:
    user: User
    csrf: str
    expires_at: datetime


@dataclass(frozen=True)
class TokenInfo:
    """An API token as its owner sees it (never the token itself: only its hash is kept)."""

    id: int
    label: str
    created_at: datetime
    expires_at: datetime
    revoked_at: datetime | None
    state: str  # "active", "expired" or "revoked"


class TokenRefused(PodiumError):
    """An expired or revoked API token: HTTP 401 with the reason."""

    category = "unauthorised"
    status = 401


@dataclass(frozen=True)
class Grant:
    username: str
    role: str
    granted_by: str
    granted_at: datetime


def check_username(username: str) -> str:
    name = username.strip().lower()
    if not name or len(name) > USERNAME_LENGTH or not set(name) <= USERNAME_CHARS:
        raise InvalidInput(
            "username %(username)r: use 1 to %(username_length)s lowercase latin "
            "letters, digits, '-', '_' or '.'", code=codes.USER_NAME,
            username=username, username_length=USERNAME_LENGTH
        )
    return name


def check_role(role: str) -> str:
    if role not in ROLES:
        raise InvalidInput(
            "role %(role)r: use one of %(roles)s", code=codes.ROLE_UNKNOWN,
            role=role, roles=', '.join(ROLES))
    return role


class AccountService:
    """Accounts of one database. ``clock`` is injected so tests control time (session expiry)."""

    def __init__(self, db: Database, clock: Clock = utc_now,
                 throttle: Gate | None = None) -> None:
        self.db = db
        self.clock = clock
        # counted in the database, so every server process over it shares the counts
        self.throttle = throttle or login_gate(db, clock)

    # users -------------------------------------------------------------------------------------
    def create_user(self, username: str, password: str) -> User:
        name = check_username(username)
        if len(password) < MIN_PASSWORD:
            raise InvalidInput(
                "the password needs at least %(min_password)s characters", code=codes.USER_PASSWORD,
                min_password=MIN_PASSWORD)
        hashed = hashing.hash_password(_hasher, password)
        with self.db.session() as session:
            if session.scalar(select(UserRow.id).where(UserRow.username == name)) is not None:
                raise Conflict(
                    "a user named %(name)r already exists", code=codes.USER_EXISTS,
                    name=name)
            row = UserRow(username=name, password_hash=hashed, created_at=self.clock())
            session.add(row)
            session.flush()
            return User(row.id, row.username)

    def get_user(self, username: str) -> User:
        with self.db.session(readonly=True) as session:
            return _user(session, username)

    def authenticate(self, username: str, password: str) -> User | None:
        """The user when the password is right, else None (the same for an unknown name)."""
        name = username.strip().lower()
        row = None
        if 0 < len(name) <= USERNAME_LENGTH and set(name) <= USERNAME_CHARS:
            # a name no account can have (a NUL, which PostgreSQL refuses) is not looked up
            with self.db.session(readonly=True) as session:
                row = session.scalar(select(UserRow).where(UserRow.username == name))
        try:
            hashing.verify_password(_hasher, row.password_hash if row else None, password)
        except (VerificationError, InvalidHashError):
            return None
        return User(row.id, row.username) if row else None

    # sessions ----------------------------------------------------------------------------------
    def login(self, username: str, password: str,
              address: Client | str = "") -> tuple[str, WebSession] | None:
        """A new session (its cookie token and the session) for a right password, else None.

        Throttled per (client, account) pair, per client (``address``: a :class:`Client`, its
        browser's device where known, or an address alone), per address and by a global cap
        (:mod:`podium.service.throttle`): a refused attempt raises TooManyAttempts before the
        password is checked; a right password from a client with no failures passes, whatever
        was tried from elsewhere or from another browser at the same address, until that
        address's own allowance is used up."""
        account = username.strip().lower()[:USERNAME_LENGTH]
        with self.throttle.attempt(address, account, "login") as attempt:
            user = self.authenticate(username, password)
            if user is None:
                attempt.failed()
                return None
        token = secrets.token_urlsafe(32)
        now = self.clock()
        web = WebSession(user, secrets.token_urlsafe(32), now + SESSION_TTL)
        with self.db.session() as session:
            session.add(
                WebSessionRow(
                    token_hash=digest(token),
                    user_id=user.id,
                    csrf=web.csrf,
                    created_at=now,
                    expires_at=web.expires_at,
                )
            )
        return token, web

    def session_of(self, token: str) -> tuple[WebSession | None, bool]:
        """The live session of a cookie token, and whether the token named an expired one."""
        with self.db.session(readonly=True) as session:
            found = session.execute(
                select(WebSessionRow, UserRow)
                .join(UserRow, UserRow.id == WebSessionRow.user_id)
                .where(WebSessionRow.token_hash == digest(token))
            ).first()
        if found is None:
            return None, False
        row, user = found
        if row.expires_at <= self.clock():
            return None, True
        return WebSession(User(user.id, user.username), row.csrf, row.expires_at), False

    def logout(self, token: str) -> None:
        with self.db.session() as session:
            session.execute(delete(WebSessionRow).where(WebSessionRow.token_hash == digest(token)))

    # API tokens --------------------------------------------------------------------------------
    def create_token(self, username: str, label: str = "", days: int = TOKEN_DAYS) -> str:
        """A new bearer token for ``username`` living ``days`` days (shown once; only its hash
        is kept)."""
        if not 1 <= days <= MAX_TOKEN_DAYS:
            raise InvalidInput(N_("days: a token lives 1 to %(max)s days"),
                               code=codes.TOKEN_DAYS, field="days",
                               max=MAX_TOKEN_DAYS)
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        now = self.clock()
        with self.db.session() as session:
            user = _user(session, username)
            session.add(
                ApiTokenRow(
                    token_hash=digest(token),
                    user_id=user.id,
                    label=" ".join(label.split())[:200],
                    created_at=now,
                    expires_at=now + timedelta(days=days),
                )
            )
        return token

    def tokens(self, username: str) -> list[TokenInfo]:
        """The user's tokens, newest first, revoked and expired ones included."""
        with self.db.session(readonly=True) as session:
            user = _user(session, username)
            rows = session.scalars(
                select(ApiTokenRow).where(ApiTokenRow.user_id == user.id)
                .order_by(ApiTokenRow.id.desc())
            ).all()
            now = self.clock()
            return [TokenInfo(r.id, r.label, r.created_at, r.expires_at, r.revoked_at,
                              _token_state(r, now)) for r in rows]

    def revoke_token(self, username: str, token_id: int) -> None:
        """Revoke one of the user's tokens: it is refused from now on (kept in the list)."""
        with self.db.session() as session:
            user = _user(session, username)
            row = session.scalar(select(ApiTokenRow).where(
                ApiTokenRow.id == token_id, ApiTokenRow.user_id == user.id))
            if row is None:
                raise NotFound(N_("%(user)s has no token #%(id)s"),
                               code=codes.TOKEN_UNKNOWN, field="token",
                               user=user.username, id=token_id)
            if row.revoked_at is None:
                row.revoked_at = self.clock()

    def token_user(self, token: str) -> User | None:
        """The user of a live token; None for an unknown one; TokenRefused (HTTP 401, saying
        why) for an expired or revoked one."""
        with self.db.store_session(readonly=True) as session:
            row = EventRepository(session).api_token(digest(token))
        if row is None:
            return None
        state = _token_state(row, self.clock())
        if state == "revoked":
            raise TokenRefused(N_("this organiser token (#%(id)s) was revoked: create a new "
                                  "one"),
                                  code=codes.TOKEN_REVOKED, id=row.id)
        if state == "expired":
            raise TokenRefused(N_("this organiser token (#%(id)s) expired on %(date)s: create a "
                                  "new one"), code=codes.TOKEN_EXPIRED,
                               id=row.id, date=row.expires_at.date().isoformat())
        return User(row.user_id, row.username)

    # roles -------------------------------------------------------------------------------------
    def grant(self, slug: str, username: str, role: str, granted_by: str) -> None:
        """Give ``username`` a role on event ``slug`` (replacing a previous role)."""
        check_role(role)
        with self.db.session() as session:
            event_id = _event_id(session, slug)
            user = _user(session, username)
            row = session.scalar(
                select(EventRoleRow).where(
                    EventRoleRow.event_id == event_id, EventRoleRow.user_id == user.id
                )
            )
            if row is None:
                row = EventRoleRow(event_id=event_id, user_id=user.id)
                session.add(row)
            row.role = role
            row.granted_by = granted_by
            row.granted_at = self.clock()

    def revoke(self, slug: str, username: str) -> None:
        with self.db.session() as session:
            event_id = _event_id(session, slug)
            user = _user(session, username)
            session.execute(
                delete(EventRoleRow).where(
                    EventRoleRow.event_id == event_id, EventRoleRow.user_id == user.id
                )
            )

    def role_of(self, user: User | None, slug: str) -> str | None:
        if user is None:
            return None
        with self.db.session(readonly=True) as session:
            return session.scalar(
                select(EventRoleRow.role)
                .join(EventRow, EventRow.id == EventRoleRow.event_id)
                .where(EventRow.slug == slug, EventRoleRow.user_id == user.id)
            )

    def grants(self, slug: str) -> list[Grant]:
        with self.db.session(readonly=True) as session:
            rows = session.execute(
                select(UserRow.username, EventRoleRow)
                .join(EventRoleRow, EventRoleRow.user_id == UserRow.id)
                .join(EventRow, EventRow.id == EventRoleRow.event_id)
                .where(EventRow.slug == slug)
                .order_by(EventRoleRow.role.desc(), UserRow.username)
            ).all()
        return [Grant(name, r.role, r.granted_by, r.granted_at) for name, r in rows]

    def events_of(self, user: User) -> dict[str, str]:
        """The slugs of the events ``user`` runs, with the role."""
        with self.db.session(readonly=True) as session:
            rows = session.execute(
                select(EventRow.slug, EventRoleRow.role)
                .join(EventRoleRow, EventRoleRow.event_id == EventRow.id)
                .where(EventRoleRow.user_id == user.id)
            ).all()
        return {slug: role for slug, role in rows}


def _token_state(row: ApiTokenRow | StoredToken, now: datetime) -> str:
    if row.revoked_at is not None:
        return "revoked"
    return "expired" if row.expires_at <= now else "active"


def _user(session: Session, username: str) -> User:
    row = session.scalar(select(UserRow).where(UserRow.username == username.strip().lower()))
    if row is None:
        raise NotFound(
            "no user %(username)r", code=codes.USER_UNKNOWN,
            username=username)
    return User(row.id, row.username)


def _event_id(session: Session, slug: str) -> int:
    event_id = session.scalar(select(EventRow.id).where(EventRow.slug == slug))
    if event_id is None:
        raise NotFound(
            "no event %(slug)r", code=codes.EVENT_UNKNOWN,
            slug=slug)
    return event_id
