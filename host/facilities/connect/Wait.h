// Wait: what a step of a probe waits for before it can go on — one
// descriptor and the poll events that wake it. fd < 0: nothing (finished).
#pragma once

namespace ipfacts::facilities::connect {

struct Wait {
    int fd = -1;
    short events = 0;

    bool finished() const { return fd < 0; }
    static Wait none() { return {}; }
};

}  // namespace ipfacts::facilities::connect
