"""The league's setting words (schedule, standings, pairings, invitations), in English, Russian and Czech.

One catalogue of words for the settings declared in ``campaign.league.LeagueSettings``:
a label, a help text and the words of each choice (by its code), registered in ``campaign.apps``;
kept complete by tests/campaign/test_setting_words.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.lib.setting_words import Catalogue, words

WORDS = Catalogue(
    {
        "deadline_weekday": words(_("Deadline weekday"), _("Weekday of each week's deadline, 0 Monday to 6 Sunday.")),
        "deadline_time": words(_("Deadline time"), _("Local time (HH:MM, the campaign's time zone) of each deadline.")),
        "min_week_hours": words(
            _("Min week hours"),
            _("A new week lasts at least this long: a deadline sooner than this moves to the next one."),
        ),
        "points_win": words(_("Points win"), _("Standings points for a win.")),
        "points_draw": words(_("Points draw"), _("Standings points for a draw.")),
        "points_loss": words(_("Points loss"), _("Standings points for a loss.")),
        "points_bye": words(_("Points bye"), _("Standings points for a bye.")),
        "rematch_weeks": words(
            _("Rematch weeks"),
            _("Automatic pairings avoid warbands that met within this many past weeks (0: rematches allowed)."),
        ),
        "resolve_timeout_minutes": words(
            _("Resolve timeout minutes"),
            _("A week still resolving this long after it was claimed is claimed again by the sweep."),
        ),
        "invitation_days": words(_("Invitation days"), _("Days an invitation stays valid unless given otherwise.")),
        "rosters_private": words(
            _("Rosters private"), _("Only the owner, the organiser and the GM see a warband's roster.")
        ),
    }
)
