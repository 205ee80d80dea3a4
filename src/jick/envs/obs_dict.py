"""The observation both environments give: ``{"observation": tensor, "action_mask": int8 mask}`` (``rl`` extra)."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from jick.envs.tensors import Encoder, action_mask

ObsDict = dict[str, npt.NDArray[Any]]


def dict_space(encoder: Encoder) -> spaces.Dict:
    """The space of :func:`dict_observation`: a float32 ``Box`` with the layout's bounds and an int8 mask."""
    low, high = encoder.layout.bounds()
    return spaces.Dict(
        {
            "observation": spaces.Box(low, high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (encoder.num_actions,), dtype=np.int8),
        }
    )


def dict_observation(encoder: Encoder, observation: Any) -> ObsDict:
    """A seat's observation as its tensor and legal action mask (all zeros when it is not to act)."""
    mask = np.zeros(encoder.num_actions, dtype=np.int8)
    action_mask(observation, out=mask)
    return {"observation": encoder.encode(observation), "action_mask": mask}
