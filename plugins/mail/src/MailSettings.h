// MailSettings from the plugin's manifest section (limits of one request's
// DNS and HTTP work), read through kConfig (MailPlugin.h): its defaults and
// ranges, which the host has checked.
#ifndef IPFACTS_PLUGINS_MAIL_MAILSETTINGS_H
#define IPFACTS_PLUGINS_MAIL_MAILSETTINGS_H

#include "MailLookup.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::mail {

/// Reads the integer keys, the manifest's or kConfig's defaults.
MailSettings readMailSettings(const Host& host);

}  // namespace ipfacts::mail

#endif
