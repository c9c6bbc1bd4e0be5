// CorpusFile: reads a corpus of tests/corpus (one case a line: the input,
// " => ", the expected result; '#' lines and blank lines skipped).
#ifndef IPFACTS_PLUGINS_MAIL_TESTS_CORPUSFILE_H
#define IPFACTS_PLUGINS_MAIL_TESTS_CORPUSFILE_H

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ipfacts::mail::testing {

struct CorpusCase {
    size_t line;
    std::string input;
    std::string expected;
};

inline std::vector<CorpusCase> readCorpus(const std::string& name) {
    const std::string path = std::string(IPFACTS_MAIL_CORPUS_DIR) + "/" + name;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<CorpusCase> cases;
    std::string text;
    for (size_t line = 1; std::getline(in, text); ++line) {
        if (text.empty() || text[0] == '#') continue;
        const size_t arrow = text.rfind(" => ");
        if (arrow == std::string::npos) throw std::runtime_error(path + ":" + std::to_string(line) + ": no ' => '");
        cases.push_back(CorpusCase{line, text.substr(0, arrow), text.substr(arrow + 4)});
    }
    return cases;
}

}  // namespace ipfacts::mail::testing

#endif
