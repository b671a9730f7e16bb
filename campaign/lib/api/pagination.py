"""Page-number pagination: 50 rows a page unless ``page_size`` asks for 1 to 200.

The bounds are in the contract (``get_schema_operation_parameters``) and enforced: a ``page_size``
outside them, or not a whole number, is a 400 rather than silently the default; a page past the last
is DRF's 404.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.pagination import PageNumberPagination

from campaign.lib.errors import RuleViolation

PAGE_SIZE = 50
MAX_PAGE_SIZE = 200


class Pagination(PageNumberPagination):
    """Page-number pagination; a client may ask for up to 200 rows a page."""

    page_size = PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE

    def get_page_size(self, request: Any) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isdigit() or not 1 <= int(raw) <= self.max_page_size:
            message = _("page_size is a whole number from 1 to %(max)d.") % {"max": self.max_page_size}
            raise RuleViolation(message, code="invalid", fields={self.page_size_query_param: [message]})
        return int(raw)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        return [
            {
                "name": self.page_query_param,
                "required": False,
                "in": "query",
                "description": str(gettext_lazy("A page number, from 1; past the last page is a 404.")),
                "schema": {"type": "integer", "minimum": 1},
            },
            {
                "name": self.page_size_query_param,
                "required": False,
                "in": "query",
                "description": str(
                    gettext_lazy("Rows a page: %(default)d unless you ask for 1 to %(max)d.")
                    % {"default": self.page_size, "max": self.max_page_size}
                ),
                "schema": {"type": "integer", "minimum": 1, "maximum": self.max_page_size, "default": self.page_size},
            },
        ]
