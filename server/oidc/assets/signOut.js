/* global document */
// Signing out asks nothing more of the patient: the form goes by itself. Without JavaScript the button stays.
var button = document.getElementById('sign-out');
if (button) button.click();
