from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularRedocView, SpectacularSwaggerView

from campaign.api import auth, schema_file
from campaign.api.health import healthz
from campaign.lib.api.errors import api_not_found

api_v1 = [
    path("auth/login/", auth.LoginView.as_view(), name="api-login"),
    path("auth/logout/", auth.LogoutView.as_view(), name="api-logout"),
    path("auth/logoutall/", auth.LogoutAllView.as_view(), name="api-logoutall"),
    path("auth/devices/", auth.DeviceListView.as_view(), name="api-devices"),
    path("auth/devices/<int:device_id>/revoke/", auth.DeviceRevokeView.as_view(), name="api-device-revoke"),
    path("me/", auth.MeView.as_view(), name="api-me"),
    path("schema/", schema_file.schema_view, name="api-schema"),  # the committed contract, cached
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("", include("campaign.api.routes")),
    path("", include("campaign.tables.api.urls")),
    path("", include("campaign.weekly.urls")),
    path("", include("referee.urls")),
    path("", include("roster.urls")),
    # Last: any other path under /api/v1/ is a 404 in the error shape, DEBUG or not (never an HTML page).
    re_path(r"", api_not_found, name="api-unknown"),
]

urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include(api_v1)),
    path("", include("campaign.web.urls")),
]

handler404 = "campaign.lib.api.errors.api_not_found"
handler400 = "campaign.lib.http_guards.bad_request"
handler500 = "campaign.lib.http_guards.server_error"
