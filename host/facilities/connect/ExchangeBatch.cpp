#include "host/facilities/connect/ExchangeBatch.h"

#include "host/facilities/connect/ExchangeRun.h"
#include "host/facilities/connect/RunLoop.h"

#include <exception>
#include <memory>

namespace ipfacts::facilities::connect {

std::vector<TcpExchangeResult> exchangeAll(const guard::AddressGuard& guard, std::vector<TcpExchangeRequest> requests) {
    std::vector<TcpExchangeResult> results(requests.size());
    try {
        RunLoop<ExchangeRun>::Runs runs;
        runs.reserve(requests.size());
        for (auto& r : requests) runs.push_back(std::make_unique<ExchangeRun>(guard, std::move(r)));
        RunLoop<ExchangeRun>::runAll(runs);
        for (size_t i = 0; i < runs.size(); ++i) results[i] = runs[i]->takeResult();
    } catch (const std::exception& e) {
        // Out of memory: still data, never an exception across the C boundary.
        for (auto& r : results)
            if (r.error.empty()) r.error = std::string("internal error: ") + e.what();
    }
    return results;
}

}  // namespace ipfacts::facilities::connect
