// The trainers' finite check (nn/elementwise.hpp): a training stops on a gradient that is not
// finite, so one bad entry anywhere, in a vector's lanes or in the loop's tail, must be seen.
#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "nn/elementwise.hpp"

using namespace attn;
using namespace attn::nn;

TEST_CASE("all_finite: one infinite or NaN entry anywhere makes a matrix not finite") {
    const float bad[] = {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                         std::numeric_limits<float>::quiet_NaN()};
    Mat<float> m(7, 37);  // 259 entries: whole vectors of every width, and a tail
    for (Eigen::Index k = 0; k < m.size(); ++k) m.data()[k] = (k % 3 == 0 ? -1.0f : 1.0f) * static_cast<float>(k);
    m.data()[1] = std::numeric_limits<float>::max();
    m.data()[2] = std::numeric_limits<float>::denorm_min();
    m.data()[3] = -0.0f;
    REQUIRE(all_finite(m));
    int seen = 0, tried = 0;
    for (const float b : bad)
        for (const Eigen::Index at : {Eigen::Index(0), Eigen::Index(17), Eigen::Index(128), m.size() - 1}) {
            const float kept = m.data()[at];
            m.data()[at] = b;
            seen += !all_finite(m);
            ++tried;
            m.data()[at] = kept;
        }
    CHECK(seen == tried);
    CHECK(all_finite(m));
}
