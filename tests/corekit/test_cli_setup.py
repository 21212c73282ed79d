"""Every command arrives through `campfire_cli_setup`, the built-in ones too, one plugin at a time."""

from __future__ import annotations

import types

import click
from click.testing import CliRunner

from corekit import Registry, hookimpl
from corekit.cli import BUILTIN, PLUGIN, CampfireGroup, CliContext, add_commands, cli


def plugin(name: str, setup) -> types.ModuleType:
    module = types.ModuleType(name)
    module.campfire_cli_setup = hookimpl(setup)
    return module


def fresh_group() -> CampfireGroup:
    return CampfireGroup("campfire", callback=cli.callback, params=list(cli.params))


def test_the_built_in_commands_are_plugins_of_the_registry():
    registry = Registry(entry_points=False)
    group = fresh_group()
    add_commands(group, registry)
    assert registry.pm.has_plugin(PLUGIN)
    assert [name for name, _, _ in BUILTIN] == [
        "games",
        "players",
        "play",
        "check",
        "suggest",
        "tournament",
        "new-game",
        "compare",
    ]
    assert {name for name, _, _ in BUILTIN} <= set(group.commands)


def test_a_plugin_that_raises_in_cli_setup_is_named_and_the_others_add_their_commands():
    def explode(cli):
        raise RuntimeError("no commands today")

    def hello(cli):
        cli.add_command(click.Command("hello", callback=lambda: click.echo("hello from a plugin")))

    registry = Registry([plugin("exploding", explode), plugin("greeter", hello)], entry_points=False)
    group = fresh_group()
    add_commands(group, registry)
    assert "hello" in group.commands and "play" in group.commands
    assert registry.warnings == ["plugin 'exploding' failed in campfire_cli_setup: RuntimeError: no commands today"]
    result = CliRunner().invoke(group, ["hello"], obj=CliContext(registry))
    assert result.stdout == "hello from a plugin\n"
    assert "campfire: warning: plugin 'exploding' failed" in result.stderr


def with_louder_play() -> tuple[CampfireGroup, Registry]:
    """A group whose `play` a plugin gave a `--louder` option."""

    def louder(cli):
        cli.commands["play"].params.append(click.Option(["--louder"], is_flag=True))

    registry = Registry([plugin("louder", louder)], entry_points=False)
    group = fresh_group()
    add_commands(group, registry)
    return group, registry


def test_a_plugin_may_add_an_option_to_a_built_in_command():
    group, registry = with_louder_play()
    assert "--louder" in [opt for param in group.commands["play"].params for opt in param.opts]
    shown = CliRunner().invoke(group, ["play", "--help"], obj=CliContext(registry))
    assert "--louder" in shown.output


def test_an_option_a_plugin_adds_to_a_lazy_command_leaves_the_module_s_command_as_it_was():
    from corekit.cli.play import play_command

    group, _ = with_louder_play()
    assert "louder" in [param.name for param in group.commands["play"].load().params]
    assert "louder" not in [param.name for param in play_command.params]
