"""The check battery: one pytest module per checkpoint of the lesson (see CONTRACT.md)."""
