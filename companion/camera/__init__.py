"""The camera process: it sees the label markers of the revealed cards and sends them to the app.

`speicherstadt-companion camera` runs beside the app (its own systemd unit): it takes
stills (`capture`), finds the ArUco markers of the card labels in them (`detect`, the
only module that imports OpenCV, and only when called), decides when the row of revealed
cards is complete (`supply`, pure Python) and sends each card to the app's camera socket
(`client`), which turns it into the same `CardScanned` intent a card reader gives
(`companion.inputs.camera`; the wire format between them is `companion.camerawire`, and
this package imports nothing of the app's inputs or ui). The app decides what a card
means, records it and can always be corrected by touch; this process never writes the
state directory.

Nothing here is imported by the app.
"""
