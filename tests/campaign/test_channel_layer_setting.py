"""CHANNEL_LAYER_URL: Redis when set, in-memory on the embedded default, a bad value stops start-up."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from campaign.envconf import env_channel_layer


def test_it_uses_the_in_memory_layer_when_unset() -> None:
    assert env_channel_layer("CHANNEL_LAYER_URL", environ_={}) == {"BACKEND": "channels.layers.InMemoryChannelLayer"}


def test_it_uses_redis_when_given() -> None:
    layer = env_channel_layer("CHANNEL_LAYER_URL", environ_={"CHANNEL_LAYER_URL": "redis://127.0.0.1:6379/4"})
    assert layer == {"BACKEND": "channels_redis.core.RedisChannelLayer",
                     "CONFIG": {"hosts": ["redis://127.0.0.1:6379/4"]}}


def test_it_refuses_another_scheme() -> None:
    with pytest.raises(ImproperlyConfigured, match="CHANNEL_LAYER_URL"):
        env_channel_layer("CHANNEL_LAYER_URL", environ_={"CHANNEL_LAYER_URL": "memcached://x"})
