// MailSettings from the plugin's manifest section (limits of one request's
// DNS and HTTP work); the defaults are kConfigKeys' (MailPlugin.h).
#ifndef IPFACTS_PLUGINS_MAIL_MAILSETTINGS_H
#define IPFACTS_PLUGINS_MAIL_MAILSETTINGS_H

#include "MailLookup.h"

#include <ipfacts/plugin.hpp>

namespace ipfacts::mail {

/// Reads the integer keys; throws std::runtime_error naming a key out of range.
MailSettings readMailSettings(const Host& host);

}  // namespace ipfacts::mail

#endif
