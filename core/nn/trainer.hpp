#pragma once
// Training as the lesson does it, a few steps at a time.
//
// 20,000 scenes of 4 objects; batches of 128 from a fresh shuffle each epoch
// (the last batch of an epoch holds the 32 left over); MSE loss; Adam. The
// page calls advance() with a small number of steps, shows the progress and
// can simply stop calling to cancel. A transformer's batch is cut into 4 parts
// whose gradients are added in a fixed tree (nn/batch_parts.hpp), so that Web
// Workers can share its steps and still give these bits.
//
// Everything random comes from one attn::Rng seeded with `seed`, in this
// order: the training scenes, the initial weights, then each epoch's shuffle.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "nn/adam.hpp"
#include "nn/batch_parts.hpp"
#include "nn/mse_loss.hpp"
#include "nn/network_table.hpp"
#include "math/rng.hpp"
#include "worlds/table/scene.hpp"

namespace attn::nn {

// The table scenes every network here reads (worlds/table/scene.hpp).
using table::SceneSet;
using table::Task;

constexpr int kMaxEpochs = 500;              // a stated cap on epochs
constexpr int kTrainScenes = 20000;          // the lesson's training set
constexpr int kTrainObjects = 4;
constexpr int kBatchSize = 128;
constexpr int kTestScenes = 2000;            // evaluation scenes
constexpr std::uint64_t kTestSeed = 99;      // evaluation scenes never overlap a training stream
// A batch loss this many times the first one means the rate is too large: an
// untrained network's loss is the largest a sane training ever sees, and one
// diverging climbs past it by many orders of magnitude (1.7e11 at rate 10).
constexpr double kDivergedLossFactor = 100;

// The rate the lesson chose for task/model on validation scenes (the network
// table's); a ParamError on "lr" when the lesson chose none (then a rate must be given).
double lesson_learning_rate(Task task, const std::string& model);
// 30 for "find", 40 for "nearest".
int lesson_epochs(Task task);

struct TrainConfig {
    std::string task = "find";
    std::string model = default_network().name;
    std::uint64_t seed = 0;
    double lr = 0;    // 0: the lesson's rate
    int epochs = 0;   // 0: the lesson's count
    int scenes = kTrainScenes;
    int objects = kTrainObjects;
    int batch = kBatchSize;
};

struct TrainProgress {
    int epoch = 0;             // epochs completed
    long step = 0;             // steps taken
    long total_steps = 0;
    double loss = 0;           // loss of the last batch
    double epoch_loss = 0;     // mean batch loss over the current (or just completed) epoch
    bool done = false;         // every epoch completed
    bool failed = false;       // stopped: loss or gradient not finite, or loss past kDivergedLossFactor x the first
    std::string message;       // why it stopped, when failed
};

class Trainer {
public:
    // Validates everything (ParamError naming the parameter) and draws the
    // scenes and the initial weights.
    explicit Trainer(const TrainConfig& config);

    // Takes up to `steps` more steps (fewer at the end or on failure). On a
    // failure the network holds the weights from before the first bad step:
    // the last ones whose loss was good.
    const TrainProgress& advance(long steps);

    // One step in two halves, for training across Web Workers (nn/batch_parts.hpp):
    // every worker holds a Trainer of the same config (the same scenes, weights
    // and shuffles) and computes the gradient of its parts of the step; each
    // then sums all the workers' gradients in the parts' order and takes the
    // same step. advance() is these two calls with every part at once.
    //
    // Sets every parameter's grad to the gradient of parts [first, first + count)
    // of step `step`'s batch (count a power of two, first a multiple of it),
    // summed pairwise; returns their sum of squared errors. Steps go in order.
    float gradient_of_parts(long step, int first, int count);
    // The next step from the grads in the parameters, `squares` being the whole
    // batch's sum of squared errors: the loss checks, then Adam.
    const TrainProgress& take_step(float squares);
    int parts() const { return parts_; }
    const TrainProgress& progress() const { return progress_; }
    Network<float>& network() { return *net_; }
    Task task() const { return task_; }
    double learning_rate() const { return lr_; }
    int epochs() const { return epochs_; }
    long steps_per_epoch() const { return steps_per_epoch_; }

private:
    // Shuffles for every epoch up to the one of `step` not yet shuffled (the
    // Rng's draws stay in order); the batch's first scene in order_ and its size.
    std::pair<int, int> batch_of(long step);
    // One part's forward and backward into the grads; its sum of squared errors.
    float part_gradient(int first_scene, int n, int batch);
    void shuffle();
    // Why `loss` means stop ("the loss became NaN"), or "" when it is good.
    std::string loss_problem(double loss) const;
    void keep_good_weights();
    void fail(const std::string& what);

    TrainConfig config_;
    Task task_;
    double lr_;
    int epochs_;
    long steps_per_epoch_;
    Rng rng_;
    SceneSet data_;
    std::unique_ptr<Network<float>> net_;
    std::unique_ptr<Adam<float>> adam_;
    MseLoss<float> mse_;
    int parts_;
    std::vector<int> order_;  // this epoch's shuffle
    long shuffled_epochs_ = 0;
    long step_in_epoch_ = 0;
    double epoch_loss_sum_ = 0;
    SceneSet batch_;          // one part's scenes, reused every step
    std::vector<float> blocks_;  // (parts, block size) the parts' gradients before they are summed
    double first_loss_ = 0;   // the first batch's loss, the yardstick of kDivergedLossFactor
    std::vector<Mat<float>> good_weights_;  // the last weights whose loss was good, in params() order
    TrainProgress progress_;
};

// Mean distance [cm] between the network's answers and the true answers on
// `count` new scenes of `objects` objects drawn from Rng(seed).
double miss_cm(Network<float>& net, Task task, int objects, int count = kTestScenes,
               std::uint64_t seed = kTestSeed);

// The same measure in pieces, so that the training's workers can share it: each scene's distance [m]
// for scenes [first, first + n) of those `count` scenes, into out[0..n). A scene's distance is its own
// to the bit whatever scenes are measured with it (the forward's rows are each their scene's), so the
// ranges of several workers, put side by side and summed by miss_of, give miss_cm's bits.
// A range outside [0, count) is an std::invalid_argument.
void scene_misses(Network<float>& net, Task task, int objects, int first, int n, double* out,
                  int count = kTestScenes, std::uint64_t seed = kTestSeed);
// 100 x the mean of `count` distances [m], summed in order from the first: [cm].
double miss_of(const double* distances, int count);

}  // namespace attn::nn
