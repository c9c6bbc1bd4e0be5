// LocText: the IpReport `loc` field, "latitude,longitude".
#ifndef IPFACTS_PLUGINS_IP_LOCTEXT_H
#define IPFACTS_PLUGINS_IP_LOCTEXT_H

#include <cstddef>
#include <string>

namespace ipfacts::ip {

/// "52.3740,4.8897": each coordinate with exactly 4 decimals (about 11 m,
/// far finer than any address database is right), no space. A value that
/// rounds to zero is written "0.0000", never "-0.0000".
std::string locText(double latitude, double longitude);

/// The same text, appended to `out`.
void appendLocText(std::string& out, double latitude, double longitude);

/// Room writeLocText needs: two doubles in fixed notation with 4 decimals
/// (at most 309 digits, a sign and the decimals each) and the comma.
constexpr size_t kLocTextCapacity = 2 * 400 + 1;

/// The same text written at `p`, which has room for kLocTextCapacity bytes;
/// returns the end of what it wrote.
char* writeLocText(char* p, double latitude, double longitude);

}  // namespace ipfacts::ip

#endif
