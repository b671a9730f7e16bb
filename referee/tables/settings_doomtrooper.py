"""The Doomtrooper table's setting words, in English, Russian and Czech.

One catalogue of words for the settings declared in ``referee.engine.systems.doomtrooper.settings``:
a label, a help text and the words of each choice (by its code), registered in ``referee.apps``;
kept complete by tests/campaign/test_setting_words.py.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from campaign.lib.setting_words import Catalogue, words

WORDS = Catalogue(
    {
        "deck_mode": words(
            _("Deck mode"),
            _("Players use their own cards, or the server holds the decks."),
            {"physical": _("Physical"), "app_held": _("App held")},
        ),
        "vp_target": words(_("Victory point target"), _("Victory points that win at once; 0 turns it off.")),
        "cutting_player": words(
            _("Cutting player"), _("Who cuts a deck with more than two players."), {"next_seat": _("Next seat")}
        ),
        "no_warrior_loss_scope": words(
            _("No warrior loss scope"),
            _("Who loses after two turns without a warrior: only a player with an empty library, or any player."),
            {"empty_library": _("Empty library"), "any_player": _("Any player")},
        ),
        "cover_deploy_cost": words(
            _("Cover deploy cost"),
            _(
                "Deploying into cover needs any three unused actions, or the turn's three ordinary "
                "actions with none used before."
            ),
            {"any_three": _("Any three"), "base_three": _("Base three")},
        ),
        "leave_cover_cost": words(_("Leave cover cost"), _("Actions Leave cover costs.")),
        "cover_attacker": words(_("Cover attacker"), _("Whether a warrior in cover may be the attacker.")),
        "attach_facedown": words(
            _("Attach facedown"), _("Whether equipment, gifts and missions may go on a face-down warrior.")
        ),
        "brotherhood_is_doomtrooper": words(
            _("Brotherhood is doomtrooper"),
            _("Whether Brotherhood warriors count as Doomtroopers for restricted equipment."),
        ),
        "facedown_effect_target": words(
            _("Facedown effect target"),
            _("A non-combat effect on a face-down warrior reveals it first, or may not target it."),
            {"reveal": _("Reveal"), "untargetable": _("Untargetable")},
        ),
        "equipment_discard_on_death": words(
            _("Equipment discard on death"),
            _("Equipment goes to its owner's discard with its warrior; off: the table decides."),
        ),
        "dsg_one_per_kind": words(
            _("One Dark Symmetry card of each title"), _("One Dark Symmetry card of each title per warrior.")
        ),
        "mission_no_duplicate": words(
            _("Mission no duplicate"), _("No second open mission of one title on one target.")
        ),
        "weapon_limit": words(
            _("Weapon limit"),
            _("One weapon card per warrior, or any number of one class."),
            {"one_card": _("One card"), "one_class": _("One class")},
        ),
        "extra_combatant_pairing": words(
            _("Extra combatant pairing"),
            _("Warriors added to a combat pair with the other side's first warrior."),
            {"first_opponent": _("First opponent")},
        ),
        "unpaid_shown": words(_("Unpaid shown"), _("Whether a warrior's unpaid status is shown to everyone.")),
        "starting_fate": words(_("Starting fate"), _("Fate points each bank starts with.")),
        "hand_size": words(_("Hand size"), _("Cards in the opening hand and after drawing.")),
        "actions_per_turn": words(_("Actions per turn"), _("Actions in a turn before card grants.")),
        "gm_sees_hidden": words(_("The GM sees hidden values"), _("Whether a seated GM sees hidden cards.")),
    }
)
