#include "worlds/table/scene.hpp"

#include <cmath>
#include <cstring>
#include <limits>

#include "base/error.hpp"

namespace attn::table {

const std::array<const char*, kKinds> kKindNames = {"cube", "ball", "cup", "pen", "box", "can", "key", "toy"};

Task parse_task(const std::string& name, const std::string& param) {
    if (name == "find") return Task::Find;
    if (name == "nearest") return Task::Nearest;
    throw ParamError(param, "unknown task \"" + name + "\" (choose find or nearest)");
}

const char* task_name(Task task) { return task == Task::Find ? "find" : "nearest"; }

SceneSet make_scenes(int count, int objects, Rng& rng) {
    if (objects < 1 || objects > kMaxObjects)
        throw ParamError("objects", "a scene holds 1 to 8 objects (one of each kind at most), not " +
                                        std::to_string(objects));
    if (count < 1) throw ParamError("count", "the number of scenes must be at least 1");
    SceneSet s;
    s.count = count;
    s.objects = objects;
    s.tokens.setZero(static_cast<Eigen::Index>(count) * objects, kTokenWidth);
    s.request.setZero(count, kKinds);
    s.find.resize(count, 2);
    s.nearest.resize(count, 2);
    s.kinds.resize(static_cast<std::size_t>(count) * objects);
    s.asked.resize(count);
    s.nearest_index.resize(count);
    for (int scene = 0; scene < count; ++scene) {
        // Kinds: the first `objects` places of a Fisher-Yates shuffle of all 8.
        std::array<int, kKinds> order{};
        for (int k = 0; k < kKinds; ++k) order[k] = k;
        for (int i = 0; i < objects; ++i) std::swap(order[i], order[i + rng.below(kKinds - i)]);
        const Eigen::Index first = static_cast<Eigen::Index>(scene) * objects;
        for (int i = 0; i < objects; ++i) {
            s.kinds[first + i] = order[i];
            s.tokens(first + i, order[i]) = 1.0f;
        }
        for (int i = 0; i < objects; ++i) {
            s.tokens(first + i, kKinds) = static_cast<float>(rng.uniform(0.0, kTableSize));      // x [m]
            s.tokens(first + i, kKinds + 1) = static_cast<float>(rng.uniform(0.0, kTableSize));  // y [m]
        }
        const int asked = static_cast<int>(rng.below(objects));
        s.asked[scene] = asked;
        s.request(scene, s.kinds[first + asked]) = 1.0f;
        const float ax = s.tokens(first + asked, kKinds), ay = s.tokens(first + asked, kKinds + 1);
        int best = asked;  // with one object there is no other: the answer is the object itself
        double best_distance = std::numeric_limits<double>::infinity();
        for (int i = 0; i < objects; ++i) {
            if (i == asked) continue;
            const double dx = s.tokens(first + i, kKinds) - ax, dy = s.tokens(first + i, kKinds + 1) - ay;
            const double d = std::sqrt(dx * dx + dy * dy);
            if (d < best_distance) best_distance = d, best = i;
        }
        s.nearest_index[scene] = best;
        s.find.row(scene) << ax, ay;
        s.nearest.row(scene) << s.tokens(first + best, kKinds), s.tokens(first + best, kKinds + 1);
    }
    return s;
}

void gather_scenes(const SceneSet& from, const int* rows, int n, SceneSet& to) {
    const int k = from.objects;
    to.count = n;
    to.objects = k;
    ensure_shape(to.tokens, static_cast<Eigen::Index>(n) * k, kTokenWidth);
    ensure_shape(to.request, n, kKinds);
    ensure_shape(to.find, n, 2);
    ensure_shape(to.nearest, n, 2);
    const std::size_t scene_floats = static_cast<std::size_t>(k) * kTokenWidth;
    for (int r = 0; r < n; ++r) {  // row-major: each scene is one contiguous run
        const std::size_t src = static_cast<std::size_t>(rows[r]);
        std::memcpy(to.tokens.data() + r * scene_floats, from.tokens.data() + src * scene_floats,
                    scene_floats * sizeof(float));
        std::memcpy(to.request.data() + r * kKinds, from.request.data() + src * kKinds, kKinds * sizeof(float));
        std::memcpy(to.find.data() + r * 2, from.find.data() + src * 2, 2 * sizeof(float));
        std::memcpy(to.nearest.data() + r * 2, from.nearest.data() + src * 2, 2 * sizeof(float));
    }
}

}  // namespace attn::table
