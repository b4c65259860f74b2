/*
 * base/knobs.c — dlx2's knobs (knobs.h) as an engine reads them: the
 * defaults, when the settings have none.
 */
#include "settings.h"

static const xcc_dlx2 defaults = {
    .show_choices_max = 1000000,
    .show_choices_gap = 1000000,
    .show_levels_max = 1000000,
    .tasks_per_worker = 64,
    .lenthresh = 10,
    .zchars = "",
};

const xcc_dlx2 *xcc_knobs(const xcc_settings *st)
{
    return st && st->dlx2 ? st->dlx2 : &defaults;
}
