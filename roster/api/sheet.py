"""``/api/v1/warbands/{id}/sheet.pdf``: the roster sheet a phone can share or print."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils.text import slugify
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.views import APIView

from roster.documents.cache import roster_document
from roster.web.views import sheet_pdf


class WarbandSheetView(APIView):
    """The whole roster as a printable PDF."""

    @extend_schema(responses={(200, "application/pdf"): OpenApiResponse(response=OpenApiTypes.BINARY)})
    def get(self, request: Request, pk: int) -> HttpResponse:
        document = roster_document(viewer=request.user, warband_id=pk)
        response = HttpResponse(sheet_pdf(document), content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{slugify(document.warband.name) or "roster"}.pdf"'
        response["Cache-Control"] = "private, no-store"  # a roster: no shared or disk cache keeps it
        return response
