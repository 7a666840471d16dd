#pragma once
// The table scenes the networks learn from.
//
// A 1 m x 1 m table holds N objects (1..8) of distinct kinds at uniform random
// places. Each object is one token of 10 numbers: its kind one-hot (8), then
// x and y in metres. A request is the one-hot kind (8) of one of the objects.
// Task "find": where is the requested object? Task "nearest": where is the
// object nearest to it (not itself; with a single object, the object itself)?
#include <array>
#include <string>
#include <vector>

#include "math/matrix.hpp"
#include "math/rng.hpp"

namespace attn::table {

constexpr int kKinds = 8;                   // cube, ball, cup, pen, box, can, key, toy
constexpr int kTokenWidth = kKinds + 2;     // one-hot kind, x [m], y [m]
constexpr int kMaxObjects = 8;              // every kind at most once
constexpr double kTableSize = 1.0;          // [m], each side
extern const std::array<const char*, kKinds> kKindNames;

enum class Task { Find, Nearest };
// "find" or "nearest"; anything else is a ParamError on `param`.
Task parse_task(const std::string& name, const std::string& param = "task");
const char* task_name(Task task);

// `count` scenes of `objects` objects each, as whole-batch matrices.
struct SceneSet {
    int count = 0, objects = 0;
    Mat<float> tokens;    // (count*objects, 10): row s*objects + i is object i of scene s
    Mat<float> request;   // (count, 8)
    Mat<float> find;      // (count, 2) [m] position of the requested object
    Mat<float> nearest;   // (count, 2) [m] position of the object nearest to it
    std::vector<int> kinds;          // (count*objects) kind index of each object
    std::vector<int> asked;          // (count) which object is requested
    std::vector<int> nearest_index;  // (count) which object is nearest to it

    const Mat<float>& answers(Task task) const { return task == Task::Find ? find : nearest; }
};

// Draws the scenes from `rng`: per scene, the kinds (a partial Fisher-Yates
// shuffle of the 8), then x and y of each object, then the requested object.
// objects outside 1..8 or count < 1 is a ParamError.
SceneSet make_scenes(int count, int objects, Rng& rng);

// Copies scenes `rows[0..n)` of `from` into `to` (tokens, request, answers only),
// reusing `to`'s storage when the size is unchanged.
void gather_scenes(const SceneSet& from, const int* rows, int n, SceneSet& to);

}  // namespace attn::table
