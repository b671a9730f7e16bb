"""The live tables' engine refusals added with issue 22, for makemessages: the engine speaks English constants
(it is free of Django), and ``referee.tables.state.command_error`` puts them into the reader's language."""

from django.utils.translation import gettext_noop

TEXTS = [
    gettext_noop("no Nerve test is due: only a roof throw or a jump onto a moving vehicle calls for one"),
    gettext_noop("test a character of your own side"),
    gettext_noop("nothing calls for this Nerve test of this character"),
    gettext_noop("there is no such hidden roll"),
]
