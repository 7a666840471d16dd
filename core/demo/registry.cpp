// Every demo the site and the command line can run, in lesson order.
#include "demo/demo.hpp"
#include "lessons/attention/demos.hpp"
#include "lessons/block/demos.hpp"
#include "lessons/robot/demos.hpp"
#include "lessons/table/demos.hpp"
#include "lessons/training/train_plan.hpp"

namespace attn {

const std::vector<Demo>& all_demos() {
    static const std::vector<Demo> demos = {
        lesson_attention::worked_example(), lesson_attention::softmax_scaling(),
        lesson_attention::causal_mask_demo(), lesson_attention::multi_head(),
        lesson_attention::attention_cost(), lesson_attention::self_vs_cross(),
        lesson_robot::robot_scores(), lesson_robot::robot_run(),
        lesson_robot::robot_sharpness(), lesson_robot::robot_order(),
        training::train_plan(),
        lesson_table::table_tokens(), lesson_table::table_hand(), lesson_table::table_lab(),
        lesson_table::table_compare(), lesson_table::table_order(), lesson_table::table_layers(),
        lesson_table::act_sizes(),
        lesson_block::block_residual(), lesson_block::block_layer_norm(),
        lesson_block::block_feed_forward(), lesson_block::block_stack(),
    };
    return demos;
}

const Demo* find_demo(const std::string& id) {
    for (const Demo& d : all_demos())
        if (d.id == id) return &d;
    return nullptr;
}

}  // namespace attn
