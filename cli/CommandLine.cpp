#include "cli/CommandLine.h"

#include <algorithm>
#include <charconv>
#include <iostream>

#include "axiomcheck/Models.h"
#include "cli/ExitStatus.h"
#include "cli/HerdSpellings.h"
#include "cli/ModelChoice.h"

namespace opcheck::cli {

void setUpApp(CLI::App& app) {
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.get_formatter()->column_width(34);
}

void addInputs(CLI::App& app, std::vector<std::string>& inputs) {
  app.add_option("FILE", inputs,
                 "litmus files; a directory stands for its *.litmus files (sorted), @INDEX for the files an "
                 "index lists (herd7's @all: one a line, relative to the index, # comments), - for one test "
                 "on standard input")
      ->type_name("FILE|DIR|@INDEX|-")
      ->take_all();
}

CLI::Option* addWholeNumberOption(CLI::App& app, const std::string& names, const std::string& type,
                                  std::uint64_t min, std::uint64_t max,
                                  std::function<void(std::uint64_t)> store, const std::string& description) {
  // Digits only: std::from_chars takes no sign for an unsigned type, and
  // says when the number does not fit one.
  auto read = [](const std::string& text) -> std::optional<std::uint64_t> {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
      return std::nullopt;
    }
    return value;
  };
  auto problem = [read, min, max](const std::string& text) -> std::string {
    const std::optional<std::uint64_t> value = read(text);
    if (value && *value >= min && *value <= max) {
      return "";
    }
    return "takes a whole number from " + std::to_string(min) + " to " + std::to_string(max) + ", not '" +
           text + "'";
  };
  return app
      .add_option_function<std::string>(
          names, [read, store = std::move(store)](const std::string& text) { store(*read(text)); },
          description)
      ->type_name(type)
      ->check(CLI::Validator(problem, ""));
}

void addJobsOption(CLI::App& app, unsigned& jobs) {
  addWholeNumberOption(app, "-j,--jobs", "N", jobs, 1u, 100000u,
                       "tests in parallel, printed in input order (one test: N exploration threads)");
}

void addUnrollOption(CLI::App& app, unsigned& unroll) {
  addWholeNumberOption(app, "--unroll", "K", unroll, 0u, 100000u,
                       "loop iterations the axiomatic models unroll")
      ->default_str(std::to_string(unroll));
}

void addFormatOption(CLI::App& app, bool& json) {
  app.add_option_function<std::string>(
         "--format", [&json](const std::string& format) { json = format == "json"; },
         "herd (herd7's, the default) or json")
      ->type_name("herd|json")
      ->check(CLI::IsMember({"herd", "json"}).description(""));
}

void addQuietOption(CLI::App& app, bool& quiet) {
  app.add_flag("-q,--quiet", quiet, "no progress line on standard error");
}

void addStrictOption(CLI::App& app, bool& strict, const std::string& what) {
  app.add_flag("--strict", strict,
               "exit 1 also when a limit cut a run" + (what.empty() ? "" : " or " + what));
}

void addSkipAxiomOption(CLI::App& app, std::vector<std::string>& names) {
  app.add_option("--skip-axiom", names,
                 "check the axiomatic models without this axiom (herd's -skipcheck; opcheck models lists "
                 "each model's axioms); may be given more than once")
      ->type_name("NAME")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

std::optional<std::string> skipAxioms(std::vector<const axiomcheck::AxiomaticModel*>& models,
                                      const std::vector<std::string>& names) {
  if (models.empty() && !names.empty()) {
    return "--skip-axiom names an axiom of an axiomatic model (" + axiomaticModelNames() +
           "); none is chosen";
  }
  for (const std::string& name : names) {
    const bool known =
        std::any_of(models.begin(), models.end(), [&](const axiomcheck::AxiomaticModel* model) {
          return axiomcheck::axiomMask(*model, std::span(&name, 1)) != 0;
        });
    if (!known) {
      std::string message = "--skip-axiom: no axiom '" + name + "' in";
      for (const axiomcheck::AxiomaticModel* model : models) {
        message += " " + std::string(model->name()) + " (";
        for (const axiomcheck::Axiom& axiom : model->axioms()) {
          message += (&axiom == model->axioms().data() ? "" : ", ") + std::string(axiom.name);
        }
        message += ")";
      }
      return message;
    }
  }
  for (const axiomcheck::AxiomaticModel*& model : models) {
    model = &model->skipping(axiomcheck::axiomMask(*model, names));
  }
  return std::nullopt;
}

std::optional<int> parseCommandLine(CLI::App& app, const std::vector<std::string>& arguments) {
  const HerdRewrite rewrite = rewriteHerdSpellings(app, arguments);
  if (!rewrite.error.empty()) {
    return usageError(rewrite.error);
  }
  // CLI11 takes the arguments last first.
  std::vector<std::string> reversed(rewrite.arguments.rbegin(), rewrite.arguments.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kSuccess;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help();
    return kSuccess;
  } catch (const CLI::ParseError& error) {
    return usageError(std::string(error.what()) + " (see " + app.get_name() + " --help)");
  }
  return std::nullopt;
}

int usageError(const std::string& message) {
  std::cout.flush();
  std::cerr << "opcheck: error: " << message << '\n';
  return kBadInput;
}

std::string doesNotApply(std::string_view option, std::string_view model, std::string_view hint) {
  std::string message = std::string(option) + " does not apply to --model " + std::string(model);
  if (!hint.empty()) {
    message += " (" + std::string(hint) + ")";
  }
  return message;
}

std::vector<std::string> splitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    parts.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return parts;
}

bool given(const CLI::App& app, const std::string& option) { return app.count(option) > 0; }

}  // namespace opcheck::cli
