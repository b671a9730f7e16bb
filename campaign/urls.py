from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from campaign import views
from campaign.api import auth
from campaign.api.health import healthz
from roster import views as roster_views

api_v1 = [
    path("auth/login/", auth.LoginView.as_view(), name="api-login"),
    path("auth/logout/", auth.LogoutView.as_view(), name="api-logout"),
    path("auth/logoutall/", auth.LogoutAllView.as_view(), name="api-logoutall"),
    path("me/", auth.MeView.as_view(), name="api-me"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("", include("campaign.api.routes")),
    path("", include("campaign.api.tables.urls")),
    path("", include("campaign.weekly.urls")),
    path("", include("referee.urls")),
    path("", include("roster.urls")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("campaigns/<int:pk>/", views.campaign_page, name="campaign-page"),
    path("warbands/<int:pk>/", roster_views.warband_page, name="warband-page"),
    path("warbands/<int:pk>/sheet.pdf", roster_views.warband_sheet, name="warband-sheet"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include(api_v1)),
]

handler404 = "campaign.lib.api.errors.api_not_found"
handler400 = "campaign.lib.http_guards.bad_request"
handler500 = "campaign.lib.http_guards.server_error"
