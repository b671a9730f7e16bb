"""DRF parsers that refuse, as a 4xx in the one error shape, what would otherwise be a 500 later.

Set as ``DEFAULT_PARSER_CLASSES``, alone: the API reads JSON bodies only (any other Content-Type is a 415),
so its contract offers one body type. The parser bounds the body's size and its nesting depth, refuses
non-finite numbers, and refuses NUL and lone surrogates in any name or value (``campaign.lib.input_checks``
says why).
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import exceptions, parsers, status
from rest_framework.parsers import get_encoding  # type: ignore[attr-defined]
from rest_framework.utils.json import strict_constant

from campaign.lib.input_checks import (
    MAX_JSON_DEPTH,
    NonFiniteNumber,
    RefusedCharacter,
    TooDeep,
    check_document,
    describe,
    finite_float,
)


class RequestTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "request_too_large"
    default_detail = gettext_lazy("The request body is too large.")


class JsonTooDeep(exceptions.ParseError):
    default_code = "json_too_deep"
    default_detail = gettext_lazy("The JSON document is nested too deeply.")


class InvalidCharacter(exceptions.ParseError):
    default_code = "invalid_character"
    default_detail = gettext_lazy("The request contains a character that cannot be stored.")


class InvalidNumber(exceptions.ParseError):
    default_code = "invalid_number"
    default_detail = gettext_lazy("The request contains a number too large to store.")


def body_limit() -> int | None:
    """Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB unless set), which also bounds every API body."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    return None if limit is None else int(limit)


def too_large() -> RequestTooLarge:
    limit = body_limit()
    return RequestTooLarge(
        _("The request body is larger than the limit of %(limit)d bytes.") % {"limit": limit}
        if limit is not None
        else None
    )


def invalid_character(refused: RefusedCharacter) -> InvalidCharacter:
    return InvalidCharacter(
        _("%(character)s cannot be stored; remove it (at %(where)s).")
        % {"character": describe(refused.char), "where": refused.where}
    )


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, bounded: size, depth (``max_depth``), finite numbers, storable text."""

    max_depth = MAX_JSON_DEPTH

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        encoding = get_encoding(parser_context or {})
        limit = body_limit()
        # DRF hands a JSON parser the body Django already read and sized; reading at most
        # limit + 1 bytes keeps the bound even for a stream that was not.
        raw = stream.read() if limit is None else stream.read(limit + 1)
        if limit is not None and len(raw) > limit:
            raise too_large()
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            raise exceptions.ParseError(_("The body is not valid %(encoding)s.") % {"encoding": encoding}) from None
        try:
            document = json.loads(
                text, parse_constant=strict_constant if self.strict else None, parse_float=finite_float
            )
        except RecursionError:
            # Deep enough to exhaust the decoder's stack: certainly past max_depth.
            raise JsonTooDeep(
                _("The JSON document is nested deeper than %(limit)d levels.") % {"limit": self.max_depth}
            ) from None
        except NonFiniteNumber as exc:
            raise InvalidNumber(_("%(number)s is too large a number.") % {"number": str(exc)[:40]}) from None
        except ValueError as exc:
            raise exceptions.ParseError(_("JSON parse error - %(error)s") % {"error": exc}) from None
        try:
            check_document(document, max_depth=self.max_depth)
        except TooDeep as deep:
            raise JsonTooDeep(
                _("The JSON document is nested deeper than %(limit)d levels (at %(where)s).")
                % {"limit": deep.limit, "where": deep.where}
            ) from None
        except RefusedCharacter as refused:
            raise invalid_character(refused) from None
        return document
