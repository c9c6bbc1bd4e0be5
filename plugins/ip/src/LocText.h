// LocText: the IpReport `loc` field, "latitude,longitude".
#ifndef IPFACTS_PLUGINS_IP_LOCTEXT_H
#define IPFACTS_PLUGINS_IP_LOCTEXT_H

#include <string>

namespace ipfacts::ip {

/// "52.3740,4.8897": each coordinate with exactly 4 decimals (about 11 m,
/// far finer than any address database is right), no space. A value that
/// rounds to zero is written "0.0000", never "-0.0000".
std::string locText(double latitude, double longitude);

/// The same text, appended to `out`.
void appendLocText(std::string& out, double latitude, double longitude);

}  // namespace ipfacts::ip

#endif
