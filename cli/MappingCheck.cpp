#include "cli/MappingCheck.h"

#include <chrono>
#include <cstdint>
#include <iostream>
#include <span>
#include <sstream>
#include <string_view>

#include "cli/CommandLine.h"
#include "cli/ExitStatus.h"
#include "cli/Interrupt.h"
#include "cli/OrderedParallel.h"
#include "generate/CPrograms.h"
#include "litmus/CanonicalPrinter.h"
#include "litmus/Diagnostic.h"
#include "opsem/OperationalModel.h"
#include "parser/LitmusReader.h"

namespace opcheck::cli {

namespace {

std::string indentedLines(const std::string& text) {
  std::istringstream lines(text);
  std::string out;
  for (std::string line; std::getline(lines, line);) {
    out += "    " + line + "\n";
  }
  return out;
}

std::string countedNoun(std::size_t count, const std::string& word) {
  return std::to_string(count) + " " + word + (count == 1 ? "" : "s");
}

// The names of MASK's bits out of ALL, as a list.
std::string maskText(std::uint8_t mask, std::span<const std::string_view> all) {
  std::string text;
  for (std::size_t bit = 0; bit < all.size(); ++bit) {
    if ((mask >> bit & 1U) != 0) {
      text += (text.empty() ? "" : ",") + std::string(all[bit]);
    }
  }
  return text;
}

// "up to 3 threads in 4 CTAs on 2 GPUs, 2 locations", and the alphabet
// where it is narrowed.
std::string programBoundText(const generate::CProgramBound& bound) {
  const generate::CProgramBound whole;
  std::string text = "up to " + std::to_string(bound.maxThreads) + " threads in " +
                     countedNoun(bound.maxCtas, "CTA") + " on " + countedNoun(bound.maxGpus, "GPU") + ", " +
                     std::to_string(bound.locations) + " locations";
  if (bound.orders != whole.orders) {
    text += ", orders " + maskText(bound.orders, generate::kCOrderNames);
  }
  if (bound.kinds != whole.kinds) {
    text += ", events " + maskText(bound.kinds, generate::kCEventKindNames);
  }
  return text;
}

// One line per test: what the check found.
std::string mappingCheckLine(const crosscheck::MappingCheck& check,
                             const crosscheck::MappingCheckOptions& options) {
  const std::string source(options.source->name());
  const std::string target(options.target->name());
  if (check.undefined()) {
    std::string flags;
    for (const std::string& flag : check.undefinedBy) {
      flags += (flags.empty() ? "" : ", ") + flag;
    }
    return check.name + ": undefined under " + source + " (" + flags + "), not compared";
  }
  std::string line = check.name + ": ";
  if (!check.counterexamples.empty()) {
    line += "UNSOUND: " + target + " allows " + countedNoun(check.counterexamples.size(), "outcome") + " " +
            source + " forbids";
  } else {
    line += "sound";
  }
  line += " (" + source + " " + countedNoun(check.sourceStates, "state") + ", " + target + " " +
          std::to_string(check.targetStates);
  if (check.operational && !check.operational->models.empty()) {
    const crosscheck::ModelComparison& op = check.operational->models.front();
    line += ", " + std::string(opsem::kOperationalModelName) + " " +
            std::to_string(check.operational->operationalStates) +
            (op.operationalOnly.empty()
                 ? " within " + target
                 : " of which " + std::to_string(op.operationalOnly.size()) + " outside " + target);
    if (op.executions) {
      line += ", " + std::to_string(op.executions->graphs) + " graphs" +
              (op.executions->failed()
                   ? " of which " +
                         std::to_string(op.executions->broken.size() + op.executions->untranslatable.size()) +
                         " fail"
                   : " consistent");
    }
  }
  line += ")";
  if (!check.stopped.empty()) {
    line += " [cut: " + check.stopped + "]";
  }
  return line;
}

std::string counterexampleText(const crosscheck::MappingCheck& check,
                               const crosscheck::MappingCheckOptions& options) {
  const std::string source(options.source->name());
  const std::string target(options.target->name());
  std::string text =
      "\n== " + check.name + " (" + check.file + "): mapping " + options.mapping->name + " is unsound\n";
  text += "C test:\n" + indentedLines(litmus::printCanonical(check.source));
  text += "PTX test (opcheck compile --mapping " + options.mapping->name + "):\n" +
          indentedLines(litmus::printCanonical(check.target));
  if (!check.compilerOutput.empty()) {
    text += "PTX module " + options.mapping->name + " wrote:\n" + indentedLines(check.compilerOutput);
  }
  for (const crosscheck::MappingCounterexample& found : check.counterexamples) {
    text.append("Outcome ").append(target).append(" allows and ").append(source).append(" forbids: ");
    text.append(found.stateText).append("\n");
    if (!found.sourceAxioms.empty()) {
      text += "  " + source + " rejects the C executions with this outcome by:";
      for (const auto& [axiom, count] : found.sourceAxioms) {
        text += " " + axiom + " (" + countedNoun(count, "candidate") + ")";
      }
      text += "\n";
    }
    if (found.imaged && found.imageAxioms.empty()) {
      text +=
          "  its image on the C test (each PTX event read as the C event it comes from) breaks no axiom of " +
          source + "\n";
    } else if (!found.imageAxioms.empty()) {
      text += "  its image on the C test (each PTX event read as the C event it comes from) breaks, under " +
              source + ":";
      for (const std::string& axiom : found.imageAxioms) {
        text += " " + axiom;
      }
      text += "\n";
    } else if (!found.imageProblem.empty()) {
      text += "  its image on the C test is no candidate execution of it: " + found.imageProblem + "\n";
    }
    text +=
        "  the PTX execution " + target + " allows (Graphviz dot):\n" + indentedLines(found.targetExecution);
  }
  if (check.operational && check.operational->unsound()) {
    text += std::string(opsem::kOperationalModelName) + " reaches states of the PTX test that " + target +
            " forbids (opcheck compare on it):";
    for (const crosscheck::ModelComparison& model : check.operational->models) {
      for (const litmus::FinalState& state : model.operationalOnly) {
        text += "\n  " + litmus::formatHerdState(check.operational->test, check.operational->terms, state);
      }
    }
    text += "\n";
  }
  if (check.operational) {
    for (const crosscheck::ModelComparison& model : check.operational->models) {
      if (!model.executions) {
        continue;
      }
      for (const crosscheck::BrokenGraph& graph : model.executions->broken) {
        text += std::string(opsem::kOperationalModelName) + " execution graph of the PTX test breaking " +
                target + "'s";
        for (const std::string& axiom : graph.axioms) {
          text += " " + axiom;
        }
        text += " (final state " +
                litmus::formatHerdState(check.operational->test, check.operational->terms, graph.finalState) +
                "):\n" + indentedLines(graph.dot);
      }
      for (const std::string& problem : model.executions->untranslatable) {
        text += "a graph that is no candidate execution of the PTX test: " + problem + "\n";
      }
    }
  }
  return text;
}

// What the mapping check found over many tests or programs.
struct MappingTally {
  std::size_t sound = 0;
  std::size_t unsound = 0;
  std::size_t undefined = 0;
  std::size_t refused = 0;
  std::size_t errors = 0;
  std::size_t cut = 0;

  // Counts CHECK; says whether the mapping is unsound on it.
  bool add(const crosscheck::MappingCheck& check) {
    if (!check.error.empty()) {
      ++errors;
      return false;
    }
    if (!check.refused.empty()) {
      ++refused;
      return false;
    }
    cut += check.stopped.empty() ? 0 : 1;
    if (check.undefined()) {
      ++undefined;
      return false;
    }
    if (check.unsound()) {
      ++unsound;
      return true;
    }
    ++sound;
    return false;
  }

  // "S sound, U unsound, D undefined (not compared)", then what else
  // happened, for the summary lines.
  std::string counts() const {
    return std::to_string(sound) + " sound, " + std::to_string(unsound) + " unsound, " +
           std::to_string(undefined) + " undefined (not compared)" +
           (refused > 0 ? ", " + std::to_string(refused) + " refused by the compiler" : "") +
           (errors > 0 ? ", " + countedNoun(errors, "error") : "") +
           (cut > 0 ? ", " + std::to_string(cut) + " cut" : "");
  }
};

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string fixedText(double value, int precision) {
  std::ostringstream text;
  text.precision(precision);
  text << std::fixed << value;
  return text.str();
}

}  // namespace

std::string mappingNames() {
  std::string names;
  for (const std::string_view name : compile::builtinMappingNames()) {
    names += (names.empty() ? "" : ", ") + std::string(name);
  }
  return names;
}

std::optional<compile::Mapping> chooseMapping(const std::string& name, int& status) {
  try {
    std::optional<compile::Mapping> mapping = compile::findMapping(name);
    if (!mapping) {
      status = usageError("--mapping takes a mapping (" + mappingNames() +
                          "), a FILE.map or COMPILER:sm_NN (clang-19:sm_90), not '" + name + "'");
    }
    return mapping;
  } catch (const litmus::InputError& error) {
    std::cerr << error.what() << '\n';
    status = kBadInput;
    return std::nullopt;
  }
}

int runMappingCheck(const std::vector<std::filesystem::path>& files, bool badInput,
                    const crosscheck::MappingCheckOptions& options, unsigned jobs) {
  const auto start = std::chrono::steady_clock::now();
  MappingTally tally;
  std::string details;
  runInOrder<crosscheck::MappingCheck>(
      files.size(), jobs, [&](std::size_t index) { return crosscheck::checkMapping(files[index], options); },
      [&](const crosscheck::MappingCheck& check) {
        if (tally.add(check)) {
          details += counterexampleText(check, options);
        }
        if (!check.error.empty()) {
          std::cerr << check.error << '\n';
        } else if (!check.refused.empty()) {
          std::cout << check.name << ": refused: " << check.refused << '\n';
        } else {
          std::cout << mappingCheckLine(check, options) << '\n';
        }
      });
  std::cout << details;
  std::cout << "\nmapping " << options.mapping->name << " (" << options.source->name() << " -> "
            << options.target->name() << "): " << countedNoun(files.size(), "test") << ", " << tally.counts()
            << " in " << fixedText(secondsSince(start), 2) << " s\n";
  if (interrupted()) {
    std::cerr << "opcheck compare: interrupted: the report is partial\n";
    return interruptStatus();
  }
  if (tally.unsound > 0) {
    return kCheckFailed;
  }
  return badInput || tally.errors > 0 ? kBadInput : kSuccess;
}

int runBoundedMappingCheck(const generate::CProgramBound& largest,
                           const crosscheck::MappingCheckOptions& options, unsigned jobs) {
  // Programs are checked in batches, JOBS at a time, so that the memory
  // held does not grow with their number.
  constexpr std::size_t kBatch = 4096;
  std::size_t totalUnsound = 0;
  std::size_t totalErrors = 0;
  bool shownCounterexample = false;
  // Smallest first, up to the first size with an unsound program: its
  // first is a smallest counterexample, and larger sizes add nothing.
  for (std::size_t events = 2; events <= largest.events && totalUnsound == 0 && !interrupted(); ++events) {
    const auto start = std::chrono::steady_clock::now();
    std::size_t programs = 0;
    MappingTally tally;
    std::vector<generate::CProgram> batch;
    const auto checkBatch = [&] {
      runInOrder<crosscheck::MappingCheck>(
          batch.size(), jobs,
          [&](std::size_t index) {
            try {
              return crosscheck::checkMapping(parser::readLitmusText(batch[index].text, batch[index].name),
                                              batch[index].name, options);
            } catch (const litmus::InputError& error) {
              crosscheck::MappingCheck check;
              check.error = std::string(error.what()) + "\n" + batch[index].text;
              return check;
            }
          },
          [&](const crosscheck::MappingCheck& check) {
            ++programs;
            if (!check.error.empty()) {
              std::cerr << "internal error: a generated program: " << check.error << '\n';
            }
            if (tally.add(check) && !shownCounterexample) {
              shownCounterexample = true;
              std::cout << "The smallest program on which the mapping is unsound:"
                        << counterexampleText(check, options) << '\n';
            }
          });
      batch.clear();
    };
    generate::CProgramBound bound = largest;
    bound.events = events;
    generate::forEachCProgram(bound, [&](const generate::CProgram& program) {
      if (interrupted()) {
        return;
      }
      batch.push_back(program);
      if (batch.size() == kBatch) {
        checkBatch();
      }
    });
    checkBatch();
    const double seconds = secondsSince(start);
    const double perProgram = seconds * 1000 / static_cast<double>(std::max<std::size_t>(programs, 1));
    std::cout << "mapping " << options.mapping->name << " (" << options.source->name() << " -> "
              << options.target->name() << "), every program of " << events << " events ("
              << programBoundText(bound) << "): " << countedNoun(programs, "program") << ", "
              << tally.counts() << " in " << fixedText(seconds, 2) << " s (" << fixedText(perProgram, 3)
              << " ms a program)\n"
              << std::flush;  // a line per size as it finishes: a larger size may take minutes
    totalUnsound += tally.unsound;
    totalErrors += tally.errors;
  }
  if (interrupted()) {
    std::cerr << "opcheck compare: interrupted: the report is partial\n";
    return interruptStatus();
  }
  if (totalUnsound > 0) {
    return kCheckFailed;
  }
  return totalErrors > 0 ? kBadInput : kSuccess;
}

}  // namespace opcheck::cli
