#include "cli/HerdSpellings.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <string_view>

#include "cli/CommandLine.h"

namespace opcheck::cli {

namespace {

// What opcheck offers where herd7 has an option it lacks, by kind of option.
constexpr std::string_view kModelFiles =
    "opcheck's models are built in: --model NAME (opcheck models lists them and their axioms)";
constexpr std::string_view kPictures =
    "opcheck's pictures take --show, --nshow, --through, --show-events, --graph, --mono and -o DIR "
    "(docs/graphs.md)";
constexpr std::string_view kTestSelection = "name the tests to run as files, directories or @INDEX";
constexpr std::string_view kModelSettings = "opcheck's models have no such setting (opcheck models)";
constexpr std::string_view kDiagnostics = "--progress shows how a run goes; opcheck has no debugging output";

struct HerdOption {
  std::string_view name;  // without herd7's dash
  bool takesValue;
  std::string_view opcheck;  // the option it becomes, or empty
  std::string_view instead;  // what opcheck offers when it becomes none
};

// herd7 2015's options (herd7 -help), and -j and -timeout of later herd7s.
// -o, -j and -q are opcheck's own short options and are not rewritten.
constexpr HerdOption kHerdOptions[] = {
    {"model", true, "--model", ""},
    {"cat", true, "--model", ""},
    {"show", true, "--show", ""},
    {"nshow", true, "--nshow", ""},
    {"through", true, "--through", ""},
    {"skipcheck", true, "--skip-axiom", ""},
    {"skipchecks", true, "--skip-axiom", ""},  // a comma-separated list
    {"unroll", true, "--unroll", ""},
    {"timeout", true, "--timeout", ""},
    {"version", false, "--version", ""},
    {"help", false, "--help", ""},
    {"libdir", false, "", kModelFiles},
    {"I", true, "", kModelFiles},
    {"conf", true, "", kModelFiles},
    {"bell", true, "", kModelFiles},
    {"c11", false, "", kModelFiles},
    {"web", false, "", kModelFiles},
    {"variant", true, "", kModelFiles},
    {"dumplem", false, "", kModelFiles},
    {"dumptex", false, "", kModelFiles},
    {"v", false, "", kDiagnostics},
    {"debug", true, "", kDiagnostics},
    {"dumpes", true, "", kDiagnostics},
    {"exit", true, "", "opcheck's exit statuses are fixed (opcheck --help); --strict makes cuts fail"},
    {"hexa", true, "", "opcheck prints values in decimal"},
    {"speedcheck", true, "", "opcheck lists every final state and checks the condition on them"},
    {"switch", false, "", kModelSettings},
    {"initwrites", true, "", kModelSettings},
    {"optace", true, "", kModelSettings},
    {"strictskip", true, "", kModelSettings},
    {"throughflag", true, "", kModelSettings},
    {"badexecs", true, "", kModelSettings},
    {"badflag", true, "", kModelSettings},
    {"restrict", true, "", kModelSettings},
    {"outcomereads", true, "", kModelSettings},
    {"auto", true, "", kModelSettings},
    {"names", true, "", kTestSelection},
    {"rename", true, "", kTestSelection},
    {"kinds", true, "", kTestSelection},
    {"conds", true, "", kTestSelection},
    {"showone", true, "", "--nshow 1"},
    {"showflag", true, "", kPictures},
    {"gv", false, "", kPictures},
    {"evince", false, "", kPictures},
    {"suffix", true, "", kPictures},
    {"graph", true, "--graph", ""},
    {"dotmode", true, "", kPictures},
    {"dotcom", true, "", kPictures},
    {"showevents", true, "--show-events", ""},
    {"mono", true, "--mono", ""},
    {"scale", true, "", kPictures},
    {"xscale", true, "", kPictures},
    {"yscale", true, "", kPictures},
    {"ptscale", true, "", kPictures},
    {"boxscale", true, "", kPictures},
    {"showthread", true, "", kPictures},
    {"shift", true, "", kPictures},
    {"edgemerge", true, "", kPictures},
    {"showlegend", true, "", kPictures},
    {"showkind", true, "", kPictures},
    {"shortlegend", true, "", kPictures},
    {"squished", true, "", kPictures},
    {"fixedsize", true, "", kPictures},
    {"extrachars", true, "", kPictures},
    {"showobserved", true, "", kPictures},
    {"brackets", true, "", kPictures},
    {"texmacros", true, "", kPictures},
    {"tikz", true, "", kPictures},
    {"showpo", true, "", kPictures},
    {"showinitrf", true, "", kPictures},
    {"showfinalrf", true, "", kPictures},
    {"initrfpos", true, "", kPictures},
    {"finalrfpos", true, "", kPictures},
    {"oneinit", true, "", kPictures},
    {"initpos", true, "", kPictures},
    {"showpoloc", true, "", kPictures},
    {"showfr", true, "", kPictures},
    {"showinitwrites", true, "", kPictures},
    {"doshow", true, "", kPictures},
    {"unshow", true, "", kPictures},
    {"symetric", true, "", kPictures},
    {"showraw", true, "", kPictures},
    {"splines", true, "", kPictures},
    {"margin", true, "", kPictures},
    {"pad", true, "", kPictures},
    {"sep", true, "", kPictures},
    {"fontname", true, "", kPictures},
    {"fontsize", true, "", kPictures},
    {"edgefontsizedelta", true, "", kPictures},
    {"penwidth", true, "", kPictures},
    {"arrowsize", true, "", kPictures},
    {"edgeattr", true, "", kPictures},
    {"overlap", true, "", kPictures},
    {"relabel", true, "", kPictures},
    {"withbox", true, "", kPictures},
    {"labelbox", true, "", kPictures},
    {"movelabel", true, "", kPictures},
    {"dotheader", true, "", kPictures},
};

const HerdOption* findHerdOption(std::string_view word) {
  if (word.size() < 2 || word[0] != '-' || word[1] == '-') {
    return nullptr;
  }
  const std::string_view name = word.substr(1);
  for (const HerdOption& option : kHerdOptions) {
    if (option.name == name) {
      return &option;
    }
  }
  return nullptr;
}

// WORD is an option of APP that is followed by a value, not glued to it.
bool expectsSeparateValue(const CLI::App& app, const std::string& word) {
  if (!word.starts_with("-") || word.size() < 2 || word.find('=') != std::string::npos) {
    return false;
  }
  const CLI::Option* option = app.get_option_no_throw(word);
  return option != nullptr && option->get_expected_min() > 0 &&
         !(word[1] != '-' && word.size() > 2);  // -j4: the value is glued on
}

}  // namespace

HerdRewrite rewriteHerdSpellings(const CLI::App& app, const std::vector<std::string>& arguments) {
  HerdRewrite result;
  const std::string& command = app.get_name();  // "opcheck", "opcheck compare", ...
  for (std::size_t index = 0; index < arguments.size(); ++index) {
    const std::string& word = arguments[index];
    if (word == "--") {  // the rest are files, whatever they look like
      result.arguments.insert(result.arguments.end(), arguments.begin() + static_cast<std::ptrdiff_t>(index),
                              arguments.end());
      break;
    }
    const HerdOption* herd = findHerdOption(word);
    if (herd == nullptr) {
      result.arguments.push_back(word);
      if (expectsSeparateValue(app, word) && index + 1 < arguments.size()) {
        result.arguments.push_back(arguments[++index]);
      }
      continue;
    }
    const std::string spelled = "herd7's " + word;
    if (herd->opcheck.empty()) {
      result.error = spelled + " is not an opcheck option: " + std::string(herd->instead);
      return result;
    }
    if (app.get_option_no_throw(std::string(herd->opcheck)) == nullptr && herd->opcheck != "--help") {
      result.error.append(spelled).append(" is ").append(herd->opcheck);
      result.error.append(", which ").append(command).append(" does not take");
      return result;
    }
    if (!herd->takesValue) {
      result.arguments.emplace_back(herd->opcheck);
      continue;
    }
    if (index + 1 == arguments.size()) {
      result.error = spelled + " needs a value (opcheck spells it " + std::string(herd->opcheck) + ")";
      return result;
    }
    const std::string& value = arguments[++index];
    if (herd->name == "mono") {  // herd's -mono true|false, opcheck's --mono flag
      if (value != "true" && value != "false") {
        result.error = spelled;
        result.error.append(" takes true or false, not '").append(value).append("'");
        return result;
      }
      if (value == "true") {
        result.arguments.emplace_back(herd->opcheck);
      }
      continue;
    }
    const bool list = herd->name == "skipchecks";
    for (const std::string& part : list ? splitCommas(value) : std::vector<std::string>{value}) {
      result.arguments.emplace_back(herd->opcheck);
      result.arguments.push_back(part);
    }
  }
  return result;
}

}  // namespace opcheck::cli
